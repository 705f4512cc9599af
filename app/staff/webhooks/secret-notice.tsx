/** The signing secret, in the one answer that carries it: copy it now, it is never shown again. */
export function SecretNotice({ secret, what }: { secret: string; what: string }) {
  return (
    <div role="status" className="mt-6 rounded-md border border-accent bg-surface p-4">
      <p className="font-medium">{what}</p>
      <p className="mt-2 text-sm text-ink-muted">Copy it into the receiver now: it is not shown again. Verify deliveries with it (docs/webhooks.md).</p>
      <label htmlFor="webhook-secret" className="mt-3 block text-sm font-medium">
        Signing secret
      </label>
      <input
        id="webhook-secret"
        readOnly
        value={secret}
        data-testid="webhook-secret"
        autoComplete="off"
        spellCheck={false}
        className="mt-1 block w-full rounded-md border border-ink/40 bg-paper px-3 py-2 font-mono text-sm"
      />
    </div>
  );
}
