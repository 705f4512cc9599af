/** The result of the last action on this page, carried in the address after its redirect. */
export function OutcomeMessage({ error, done, doneMessage = 'Saved.' }: { error?: string; done?: string; doneMessage?: string }) {
  if (error) {
    return (
      <p role="alert" className="mt-4 rounded-md border border-danger p-3 text-danger">
        {error}
      </p>
    );
  }
  if (done) {
    return (
      <p role="status" className="mt-4 rounded-md border border-line bg-surface p-3">
        {doneMessage}
      </p>
    );
  }
  return null;
}
