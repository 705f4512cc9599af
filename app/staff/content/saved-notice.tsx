/** After a save the editor reloads with ?saved=…; say what happened and offer the preview. */
export function SavedNotice({ saved, previewHref }: { saved?: string; previewHref: string }) {
  if (saved !== 'draft' && saved !== 'published') return null;
  return (
    <p role="status" className="mt-4 rounded-md border border-line bg-surface p-3">
      {saved === 'published' ? 'Published: visitors see this now.' : 'Saved as a draft: visitors do not see it.'}{' '}
      <a className="font-semibold underline" href={previewHref}>
        Preview on the site
      </a>
    </p>
  );
}
