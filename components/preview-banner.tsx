/** Shown on every site page while staff preview drafts; exiting is a POST so no link or prefetch can end it. */
export function PreviewBanner() {
  return (
    <div role="region" aria-label="Preview" className="bg-ink text-paper print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm">
        <p>
          <strong>Preview</strong>: you are seeing drafts as visitors will see them once published.
        </p>
        <form action="/staff/preview/exit" method="post">
          <button type="submit" className="rounded-md border border-paper px-3 py-1 font-semibold">
            Exit preview
          </button>
        </form>
      </div>
    </div>
  );
}
