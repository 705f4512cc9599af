import Link from 'next/link';
import { StaffSection } from '@/components/staff/staff-section';
import { config } from '@/lib/config';
import type { ContentTypeId } from '@/lib/domain/content-workflow/content-type';
import { draftsInProgress } from '@/lib/domain/content-workflow/content-lists';
import { allContentTypes, contentType } from '@/lib/domain/content-workflow/content-types';
import { listScheduleFailures } from '@/lib/domain/content-workflow/schedule-failures';
import { mayAccess } from '@/lib/domain/staff/roles';
import { formatDateTime } from '@/lib/format';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { editorPath, listPath } from './content-paths';
import { ContentTable } from './workflow/content-table';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Content' };

/** What is being worked on (drafts, schedules, failed schedules) and every kind of content this role edits. */
export default async function ContentIndex() {
  const staff = await requireStaff('content', '/staff/content');
  const kinds = allContentTypes().filter((definition) => mayAccess(staff, definition.area));
  const types: ContentTypeId[] = kinds.map((definition) => definition.type);
  const [drafts, failures] = await Promise.all([draftsInProgress(types), listScheduleFailures({ types })]);
  const zone = config().FIRM_TIME_ZONE;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">Content</h1>
        <Link className="rounded-md bg-accent px-4 py-2 font-semibold text-paper hover:bg-accent-strong" href="/staff/content/insights/new">
          New insight
        </Link>
      </div>
      {failures.length > 0 && (
        <section aria-labelledby="failures-heading" role="alert" className="mt-8 rounded-lg border border-danger p-4">
          <h2 id="failures-heading" className="font-serif text-xl font-semibold text-danger">
            Scheduled publishing that failed
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {failures.map((failure) => (
              <li key={failure.jobId}>
                <Link className="font-semibold underline" href={editorPath(contentType(failure.type), failure.itemId)}>
                  {contentType(failure.type).label} {failure.itemId}
                </Link>
                , due {formatDateTime(failure.scheduledFor.toISOString(), zone)}: {failure.reason} Nothing was changed.
              </li>
            ))}
          </ul>
        </section>
      )}
      <StaffSection id="drafts" title="Drafts and schedules" className="mt-8">
        <ContentTable entries={drafts} zone={zone} caption="Drafts and schedules" showType empty="No drafts: every item is as visitors see it." />
      </StaffSection>
      <StaffSection id="kinds" title="Everything you edit">
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {kinds.map((definition) => (
            <li key={definition.type} className="rounded-lg border border-line bg-surface p-4">
              <Link
                className="font-semibold underline-offset-4 hover:underline"
                href={definition.type === 'company' ? editorPath(definition, 'profile') : listPath(definition)}
              >
                {definition.pluralLabel}
              </Link>
            </li>
          ))}
        </ul>
      </StaffSection>
    </>
  );
}
