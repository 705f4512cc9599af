interface Entry {
  id: string;
  name: string;
}

/** The in-page table of contents: every principle and tool by its anchor. Sticky beside the text on wide screens. */
export function PrinciplesContents({ groups }: { groups: { id: string; title: string; entries: Entry[] }[] }) {
  return (
    <nav id="contents" aria-labelledby="contents-heading" className="scroll-mt-6 rounded-lg border border-line bg-surface p-6 lg:sticky lg:top-6">
      <h2 id="contents-heading" className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
        On this page
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
        {groups.map((group) => (
          <div key={group.id}>
            <a href={`#${group.id}`} className="font-semibold underline-offset-4 hover:underline">
              {group.title}
            </a>
            <ul className="mt-2 space-y-1.5 border-l border-line pl-4 text-sm">
              {group.entries.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`} className="text-ink-muted underline-offset-4 hover:text-ink hover:underline">
                    {entry.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
