import Link from 'next/link';
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
      {versions.length === 0 ? (
        <p className="mt-6 text-ink-muted">Nothing has been published yet.</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">Versions</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3">
                Version
              </th>
              <th scope="col" className="py-2 pr-3">
                When
              </th>
              <th scope="col" className="py-2 pr-3">
                Who
              </th>
              <th scope="col" className="py-2 pr-3">
                Note
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.number} className="border-b border-line align-top" data-testid={`version-${version.number}`}>
                <td className="py-2 pr-3 font-semibold">{version.number}</td>
                <td className="py-2 pr-3">{formatDateTime(version.publishedAt.toISOString(), zone)}</td>
                <td className="py-2 pr-3">
                  {version.publishedByName}, {SOURCE_TEXT[version.source]}
                </td>
                <td className="py-2 pr-3">{version.note}</td>
                <td className="py-2">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {comparison && <VersionDiff comparison={comparison} />}
    </>
  );
}
