import { formatDateTime } from '@/lib/format';

/**
 * Shown on every site page while drafts are previewed; exiting is a POST so no link or prefetch can end it. Previews
 * are never for search engines: the page says so here (and in its X-Robots-Tag header).
 */
export function PreviewBanner({ sharedBy, expiresAt, zone }: { sharedBy?: string; expiresAt?: Date; zone: string }) {
  return (
    <div role="region" aria-label="Preview" className="bg-ink text-paper print:hidden">
      <meta name="robots" content="noindex, nofollow" />
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm">
        {sharedBy && expiresAt ? (
          <p>
            <strong>Draft preview</strong>, shared by {sharedBy}: not published yet, and not public. This link works until{' '}
            {formatDateTime(expiresAt.toISOString(), zone)}.
          </p>
        ) : (
          <p>
            <strong>Preview</strong>: you are seeing drafts as visitors will see them once published.
          </p>
        )}
        <form action="/staff/preview/exit" method="post">
          <button type="submit" className="rounded-md border border-paper px-3 py-1 font-semibold">
            Exit preview
          </button>
        </form>
      </div>
    </div>
  );
}
