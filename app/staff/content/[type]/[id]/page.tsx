import Link from 'next/link';
import { config } from '@/lib/config';
import { firmLocalInputValue, zoneLabel } from '@/lib/domain/content-workflow/firm-local-time';
import { loadItemWorkspace } from '@/lib/domain/content-workflow/item-workspace';
import { formatDateTime } from '@/lib/format';
import { orNotFound } from '@/lib/site/or-not-found';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../../../outcome-message';
import { cancelScheduleAction, discardDraftAction, editItemAction, previewMarkdownAction, revokePreviewLinkAction, unpublishAction } from '../../actions';
import { editorPath, historyPath, listPath } from '../../content-paths';
import { contentTypeOfPage } from '../../page-type';
import { EditorFormProvider } from '../../editor/editor-form';
import { ItemEditor } from '../../editor/item-editor';
import { fieldsOf } from '../../forms/fields-of';
import { formValuesOf } from '../../forms/item-from-form';
import { DONE_MESSAGES } from '../../workflow/done-messages';
import { ImpactSummary } from '../../workflow/impact-summary';
import { InsightAnalytics } from '../../workflow/insight-analytics';
import { ItemStatus } from '../../workflow/item-status';
import { Panel } from '../../workflow/panel';
import { PreviewLinkControls } from '../../workflow/preview-link-controls';
import { PreviewLinksTable } from '../../workflow/preview-links-table';
import { PublishControls } from '../../workflow/publish-controls';
import { ScheduleControls } from '../../workflow/schedule-controls';
import { UnpublishForm } from '../../workflow/unpublish-form';
import { CalendarsSection } from '../../calendars/calendars-section';

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
      <EditorFormProvider action={editItemAction.bind(null, definition.type, id)}>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div>
            <h2 className="sr-only">Editor</h2>
            <ItemEditor
              fields={fields}
              initial={formValuesOf(fields, workspace.working)}
              base={{ revision: draft?.revision ?? null, liveVersion: workspace.liveVersion }}
              renderMarkdown={previewMarkdownAction}
            />
          </div>
          <div className="space-y-6">
            <Panel id="publish" title="Publish">
              <p className="text-sm text-ink-muted">
                {draft
                  ? 'Publish makes what the editor shows live, unsaved edits included: they are saved in the same step. What it changes, below, is worked out from the saved draft.'
                  : 'There is no draft: the editor shows what is live. Publish makes your edits live in one step; Save draft keeps them from visitors until you publish.'}
              </p>
              {draft && <ImpactSummary impact={impact} />}
              {draft && workspace.sitePath && (
                <p className="text-sm">
                  <a className="font-semibold underline" href={`/staff/preview?type=${definition.type}&id=${encodeURIComponent(id)}`}>
                    Preview on the site
                  </a>
                </p>
              )}
              <PublishControls conflicts={conflicts} zone={zone} />
              {draft && (
                <form action={bound(discardDraftAction)}>
                  <button type="submit" className="text-sm underline">
                    Discard draft
                  </button>
                </form>
              )}
            </Panel>
            <Panel id="schedule" title="Schedule">
              {draft?.publishAt && (
                <form action={bound(cancelScheduleAction)} className="text-sm">
                  <p>Goes live {formatDateTime(draft.publishAt.toISOString(), zone)}.</p>
                  <button type="submit" className="underline">
                    Cancel schedule
                  </button>
                </form>
              )}
              <ScheduleControls
                zoneLabel={zoneLabel(zone, draft?.publishAt ?? now)}
                defaultValue={draft?.publishAt ? firmLocalInputValue(draft.publishAt, zone) : ''}
                conflicts={conflicts}
                zone={zone}
              />
            </Panel>
            {workspace.sitePath && (
              <Panel id="share" title="Share a preview">
                <p className="text-sm text-ink-muted">
                  A link for a reviewer without an account: it shows what the editor shows (saved as the draft) on its page, and nothing else that is
                  unpublished.
                </p>
                <PreviewLinkControls />
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
            {definition.type === 'insight' && <InsightAnalytics insightId={id} />}
            <p>
              <Link className="font-semibold underline" href={historyPath(definition, id)}>
                History ({workspace.versionCount} {workspace.versionCount === 1 ? 'version' : 'versions'})
              </Link>
            </p>
          </div>
        </div>
      </EditorFormProvider>
      {definition.type === 'consultant' && <CalendarsSection consultantId={id} zone={zone} now={now} />}
    </>
  );
}
