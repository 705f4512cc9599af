import Link from 'next/link';
import { StaffSection } from '@/components/staff/staff-section';
import { StaffSelect } from '@/components/staff/staff-select';
import { WEBHOOK_EVENT_TYPES } from '@/lib/contract/webhook-events';
import { DEFAULT_ROTATION_OVERLAP_HOURS, ROTATION_OVERLAPS_HOURS } from '@/lib/domain/webhooks/endpoints';
import { endpointDetail } from '@/lib/domain/webhooks/endpoint-views';
import { firmDateTime } from '@/lib/firm-time';
import { orNotFound } from '@/lib/site/or-not-found';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../../outcome-message';
import {
  deleteEndpointAction,
  dismissMissedAction,
  pauseEndpointAction,
  replayMissedAction,
  resendDeliveryAction,
  resumeEndpointAction,
  rotateSecretAction,
  sendTestEventAction,
} from '../actions';
import { DeliveryLog } from '../delivery-log';
import { DONE_MESSAGES } from '../done-messages';
import { RotateForm } from '../rotate-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Webhook endpoint' };

const when = (date: Date | null) => (date ? firmDateTime(date) : '');
const SMALL_BUTTON = 'rounded-md border border-line px-3 py-1.5 text-sm font-medium';

/** One endpoint: its state and the buttons that change it, the replay offer, and its delivery log with every attempt. */
export default async function WebhookEndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ error?: string; done?: string }>;
}) {
  const { id } = await params;
  await requireStaff('webhooks', `/staff/webhooks/${encodeURIComponent(id)}`);
  const [endpoint, query] = await Promise.all([orNotFound(endpointDetail(id)), searchParams]);
  const active = endpoint.status === 'active';
  return (
    <>
      <p>
        <Link className="underline underline-offset-4" href="/staff/webhooks">
          All endpoints
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-3xl font-semibold">{endpoint.description || 'Webhook endpoint'}</h1>
      <p className="mt-2 break-all font-mono text-sm">{endpoint.url}</p>
      <OutcomeMessage error={query.error} done={query.done} doneMessage={DONE_MESSAGES[query.done ?? ''] ?? 'Done.'} />
      <dl className="mt-6 grid max-w-3xl grid-cols-[max-content_1fr] gap-x-6 gap-y-2" data-testid="endpoint-facts">
        <dt className="font-medium">Status</dt>
        <dd data-testid="endpoint-status">{endpoint.status}</dd>
        {endpoint.disabledReason && (
          <>
            <dt className="font-medium">Why disabled</dt>
            <dd>{endpoint.disabledReason}</dd>
          </>
        )}
        <dt className="font-medium">Events</dt>
        <dd>{endpoint.eventTypes.join(', ')}</dd>
        {endpoint.failingSince && (
          <>
            <dt className="font-medium">Failing since</dt>
            <dd className="text-danger">{when(endpoint.failingSince)} (disabled after 5 days)</dd>
          </>
        )}
        {endpoint.backoffUntil && (
          <>
            <dt className="font-medium">Held back until</dt>
            <dd>{when(endpoint.backoffUntil)} (the receiver sent Retry-After)</dd>
          </>
        )}
        <dt className="font-medium">Added</dt>
        <dd>{when(endpoint.createdAt)}</dd>
      </dl>

      {endpoint.missed > 0 &&
        (active ? (
          <section aria-labelledby="replay-heading" className="mt-8 max-w-3xl rounded-md border border-accent bg-surface p-4" data-testid="replay-offer">
            <h2 id="replay-heading" className="font-serif text-xl font-semibold">
              {endpoint.missed === 1 ? 'It missed 1 event' : `It missed ${endpoint.missed} events`}
            </h2>
            <p className="mt-2">
              Recorded from {when(endpoint.missedFrom)} to {when(endpoint.missedUntil)}, while it was not receiving. Send them now, oldest first?
            </p>
            <div className="mt-3 flex gap-3">
              <form action={replayMissedAction.bind(null, endpoint.id)}>
                <button type="submit" className={SMALL_BUTTON}>
                  Replay {endpoint.missed === 1 ? 'it' : 'them'}
                </button>
              </form>
              <form action={dismissMissedAction.bind(null, endpoint.id)}>
                <button type="submit" className={SMALL_BUTTON}>
                  Do not send {endpoint.missed === 1 ? 'it' : 'them'}
                </button>
              </form>
            </div>
          </section>
        ) : (
          <p className="mt-8 max-w-3xl" data-testid="missed-so-far">
            {endpoint.missed === 1 ? '1 event' : `${endpoint.missed} events`} missed so far; resume the endpoint to be offered a replay.
          </p>
        ))}

      <StaffSection id="manage" title="Manage">
        <div className="mt-4 flex flex-wrap items-end gap-6">
          {active ? (
            <form action={pauseEndpointAction.bind(null, endpoint.id)}>
              <button type="submit" className={SMALL_BUTTON}>
                Pause
              </button>
            </form>
          ) : (
            <form action={resumeEndpointAction.bind(null, endpoint.id)}>
              <button type="submit" className={SMALL_BUTTON}>
                {endpoint.status === 'disabled' ? 'Enable again' : 'Resume'}
              </button>
            </form>
          )}
          {active && (
            <form action={sendTestEventAction.bind(null, endpoint.id)} className="flex items-end gap-3" id="send-test-event">
              <StaffSelect label="Test event" name="eventType" options={WEBHOOK_EVENT_TYPES} defaultValue={endpoint.eventTypes[0]} />
              <button type="submit" className={SMALL_BUTTON}>
                Send test event
              </button>
            </form>
          )}
        </div>
        <h3 className="mt-8 font-semibold">Signing secret</h3>
        <p className="mt-1 text-ink-muted">
          The secret is shown once, when it is made.
          {endpoint.rotationOverlapActive && ` The previous secret also signs every delivery until ${when(endpoint.previousSecretExpiresAt)}.`}
        </p>
        <RotateForm action={rotateSecretAction.bind(null, endpoint.id)} overlaps={ROTATION_OVERLAPS_HOURS} defaultOverlap={DEFAULT_ROTATION_OVERLAP_HOURS} />
      </StaffSection>

      <DeliveryLog deliveries={endpoint.deliveries} resend={active ? (deliveryId) => resendDeliveryAction.bind(null, endpoint.id, deliveryId) : null} />

      <StaffSection id="delete" title="Delete" className="mt-12">
        <form action={deleteEndpointAction.bind(null, endpoint.id)} className="mt-3 flex flex-wrap items-center gap-4" id="delete-endpoint">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="confirm" value="delete" className="h-4 w-4" />
            Delete this endpoint and its delivery log
          </label>
          <button type="submit" className={`${SMALL_BUTTON} text-danger`}>
            Delete
          </button>
        </form>
      </StaffSection>
    </>
  );
}
