import Link from 'next/link';
import { config } from '@/lib/config';
import { firmLocalInputValue, zoneLabel } from '@/lib/domain/content-workflow/firm-local-time';
import { loadItemWorkspace } from '@/lib/domain/content-workflow/item-workspace';
import { formatDateTime } from '@/lib/format';
import { orNotFound } from '@/lib/site/or-not-found';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../../../outcome-message';
import {
  cancelScheduleAction,
  createPreviewLinkAction,
  discardDraftAction,
  previewMarkdownAction,
  publishAction,
  revokePreviewLinkAction,
  saveDraftAction,
  scheduleAction,
  unpublishAction,
} from '../../actions';
import { editorPath, historyPath, listPath } from '../../content-paths';
import { contentTypeOfPage } from '../../page-type';
import { ItemEditor } from '../../editor/item-editor';
import { fieldsOf } from '../../forms/fields-of';
import { formValuesOf } from '../../forms/item-from-form';
import { DONE_MESSAGES } from '../../workflow/done-messages';
import { ImpactSummary } from '../../workflow/impact-summary';
import { ItemStatus } from '../../workflow/item-status';
import { Panel } from '../../workflow/panel';
import { PreviewLinkForm } from '../../workflow/preview-link-form';
import { PreviewLinksTable } from '../../workflow/preview-links-table';
import { PublishForm } from '../../workflow/publish-form';
import { ScheduleForm } from '../../workflow/schedule-form';
import { UnpublishForm } from '../../workflow/unpublish-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Edit content' };

type Params = Promise<{ type: string; id: string }>;
type Query = Promise<{ done?: string; error?: string }>;

/** One item: the editor, and beside it every step of its workflow (publish, schedule, share, take offline, history). */
export default async function ItemPage({ params, searchParams }: { params: Params; searchParams: Query }) {
  const { type: segment, id } = await params;
  const definition = contentTypeOfPage(segment);
  await requireStaff(definition.area, editorPath(definition, id));
  const workspace = await orNotFound(loadItemWorkspace(definition.type, id));
  const query = await searchParams;
  const zone = config().FIRM_TIME_ZONE;
  const now = new Date();
  const fields = await fieldsOf(definition.type, { isNew: false });
  const { draft, impact } = workspace;
  const conflicts =
    impact?.kind === 'calendar' ? impact.conflicts.map((c) => ({ bookingId: c.bookingId, name: c.name, start: c.start.toISOString(), reason: c.reason })) : [];
  const bound = <A extends unknown[], R>(action: (type: string, itemId: string, ...rest: A) => R) =>
    action.bind(null, definition.type, id) as (...rest: A) => R;
  return (
    <>
      <p className="text-sm">
        <Link className="underline" href={listPath(definition)}>
          {definition.pluralLabel}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-semibold">{workspace.title}</h1>
      <ItemStatus workspace={workspace} zone={zone} />
      <OutcomeMessage error={query.error} done={query.done} doneMessage={DONE_MESSAGES[query.done ?? ''] ?? 'Done.'} />
      {workspace.failure && (
        <p role="alert" className="mt-4 rounded-md border border-danger p-3 text-danger">
          The scheduled publish for {formatDateTime(workspace.failure.scheduledFor.toISOString(), zone)} failed and changed nothing: {workspace.failure.reason}
        </p>
      )}
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div>
          <h2 className="sr-only">Editor</h2>
          <ItemEditor
            fields={fields}
            initial={formValuesOf(fields, workspace.working)}
            save={saveDraftAction.bind(null, definition.type, id)}
            renderMarkdown={previewMarkdownAction}
          />
        </div>
        <div className="space-y-6">
          <Panel id="publish" title="Publish">
            {draft ? (
              <>
                <ImpactSummary impact={impact} />
                {workspace.sitePath && (
                  <p className="text-sm">
                    <a className="font-semibold underline" href={`/staff/preview?type=${definition.type}&id=${encodeURIComponent(id)}`}>
                      Preview on the site
                    </a>
                  </p>
                )}
                <PublishForm action={bound(publishAction)} revision={draft.revision} conflicts={conflicts} zone={zone} />
                <form action={bound(discardDraftAction)}>
                  <button type="submit" className="text-sm underline">
                    Discard draft
                  </button>
                </form>
              </>
            ) : (
              <p className="text-sm text-ink-muted">Save a draft to publish, schedule or share a change. Saving changes nothing visitors see.</p>
            )}
          </Panel>
          {draft && (
            <Panel id="schedule" title="Schedule">
              {draft.publishAt && (
                <form action={bound(cancelScheduleAction)} className="text-sm">
                  <p>Goes live {formatDateTime(draft.publishAt.toISOString(), zone)}.</p>
                  <button type="submit" className="underline">
                    Cancel schedule
                  </button>
                </form>
              )}
              <ScheduleForm
                action={bound(scheduleAction)}
                zoneLabel={zoneLabel(zone, draft.publishAt ?? now)}
                defaultValue={draft.publishAt ? firmLocalInputValue(draft.publishAt, zone) : ''}
                conflicts={conflicts}
                zone={zone}
              />
            </Panel>
          )}
          {draft && workspace.sitePath && (
            <Panel id="share" title="Share a preview">
              <p className="text-sm text-ink-muted">
                A link for a reviewer without an account: it shows this draft on its page, and nothing else that is unpublished.
              </p>
              <PreviewLinkForm action={bound(createPreviewLinkAction)} />
              <PreviewLinksTable
                links={workspace.previewLinks}
                zone={zone}
                revoke={(linkId) => revokePreviewLinkAction.bind(null, definition.type, id, linkId)}
              />
            </Panel>
          )}
          {definition.hideable && workspace.live?.published && (
            <Panel id="offline" title="Take offline">
              <UnpublishForm action={bound(unpublishAction)} label={definition.type === 'testimonial' ? 'Hide this testimonial' : 'Unpublish'} />
            </Panel>
          )}
          <p>
            <Link className="font-semibold underline" href={historyPath(definition, id)}>
              History ({workspace.versionCount} {workspace.versionCount === 1 ? 'version' : 'versions'})
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}
