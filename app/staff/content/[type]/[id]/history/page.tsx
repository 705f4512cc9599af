import Link from 'next/link';
import { StaffTable } from '@/components/staff/staff-table';
import { config } from '@/lib/config';
import { compareWithLive } from '@/lib/domain/content-workflow/version-diff';
import { listVersions } from '@/lib/domain/content-workflow/versions';
import { formatDateTime } from '@/lib/format';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { restoreVersionAction } from '../../../actions';
import { editorPath, historyPath } from '../../../content-paths';
import { contentTypeOfPage } from '../../../page-type';
import { VersionDiff } from '../../../workflow/version-diff';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'History' };

const SOURCE_TEXT = { import: 'imported from the content files', staff: 'published', schedule: 'published on schedule' } as const;

/** Every published version of an item, newest first, and how any of them differs from what is live now. */
export default async function HistoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ type: string; id: string }>;
  searchParams: Promise<{ version?: string }>;
}) {
  const { type: segment, id } = await params;
  const definition = contentTypeOfPage(segment);
  await requireStaff(definition.area, historyPath(definition, id));
  const versions = await listVersions(definition.type, id);
  const zone = config().FIRM_TIME_ZONE;
  const asked = Number((await searchParams).version);
  const shown = versions.find((version) => version.number === asked) ?? versions[1] ?? versions[0];
  const comparison = shown ? await compareWithLive(definition.type, id, shown.number) : null;
  return (
    <>
      <p className="text-sm">
        <Link className="underline" href={editorPath(definition, id)}>
          Back to the editor
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-semibold">
        History of {definition.noun} {id}
      </h1>
      <StaffTable
        className="mt-6"
        caption="Versions"
        empty="Nothing has been published yet."
        rows={versions}
        rowKey={(version) => version.number}
        rowTestId={(version) => `version-${version.number}`}
        columns={[
          { heading: 'Version', cellClassName: 'font-semibold', cell: (version) => version.number },
          { heading: 'When', cell: (version) => formatDateTime(version.publishedAt.toISOString(), zone) },
          { heading: 'Who', cell: (version) => `${version.publishedByName}, ${SOURCE_TEXT[version.source]}` },
          { heading: 'Note', cell: (version) => version.note },
          {
            heading: 'Actions',
            headingHidden: true,
            cell: (version) => (
              <div className="flex flex-wrap gap-3">
                <Link className="underline" href={`${historyPath(definition, id)}?version=${version.number}`}>
                  Compare version {version.number} with live
                </Link>
                <form action={restoreVersionAction.bind(null, definition.type, id, version.number)}>
                  <button type="submit" className="underline">
                    Restore version {version.number} as draft
                  </button>
                </form>
              </div>
            ),
          },
        ]}
      />
      {comparison && <VersionDiff comparison={comparison} />}
    </>
  );
}
