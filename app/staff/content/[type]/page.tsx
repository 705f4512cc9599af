import Link from 'next/link';
import { config } from '@/lib/config';
import { listContentForStaff } from '@/lib/domain/content-workflow/content-lists';
import type { StaffContentEntry } from '@/lib/domain/content-workflow/content-lists';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../../outcome-message';
import { listPath } from '../content-paths';
import { contentTypeOfPage } from '../page-type';
import { ContentTable } from '../workflow/content-table';
import { DONE_MESSAGES } from '../workflow/done-messages';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Content list' };

function byGroup(entries: readonly StaffContentEntry[]): [string, StaffContentEntry[]][] {
  const groups = new Map<string, StaffContentEntry[]>();
  for (const entry of entries) groups.set(entry.group ?? '', [...(groups.get(entry.group ?? '') ?? []), entry]);
  return [...groups];
}

/** Every item of one kind, grouped where the kind has groups (FAQs by service and category). */
export default async function ContentTypePage({
  params,
  searchParams,
}: {
  params: Promise<{ type: string }>;
  searchParams: Promise<{ done?: string; error?: string }>;
}) {
  const definition = contentTypeOfPage((await params).type);
  await requireStaff(definition.area, listPath(definition));
  const entries = await listContentForStaff(definition.type);
  const zone = config().FIRM_TIME_ZONE;
  const query = await searchParams;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">{definition.pluralLabel}</h1>
        {definition.creatable && (
          <Link className="rounded-md bg-accent px-4 py-2 font-semibold text-paper hover:bg-accent-strong" href={`${listPath(definition)}/new`}>
            New {definition.noun}
          </Link>
        )}
      </div>
      <OutcomeMessage error={query.error} done={query.done} doneMessage={DONE_MESSAGES[query.done ?? ''] ?? 'Done.'} />
      {byGroup(entries).map(([group, members], index) =>
        group ? (
          <section key={group} aria-labelledby={`group-${index}`} className="mt-8">
            <h2 id={`group-${index}`} className="font-serif text-xl font-semibold">
              {group}
            </h2>
            <ContentTable entries={members} zone={zone} caption={`${definition.pluralLabel}: ${group}`} />
          </section>
        ) : (
          <ContentTable key="all" entries={members} zone={zone} caption={definition.pluralLabel} />
        ),
      )}
    </>
  );
}
