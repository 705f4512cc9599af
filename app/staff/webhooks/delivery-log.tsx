import { StaffSection } from '@/components/staff/staff-section';
import { StaffTable } from '@/components/staff/staff-table';
import type { EndpointDetail } from '@/lib/domain/webhooks/endpoint-views';
import { firmDateTime } from '@/lib/firm-time';

type Delivery = EndpointDetail['deliveries'][number];

const TRIGGERS: Record<string, string> = { event: '', replay: 'replayed', resend: 'sent again by hand', test: 'test event' };

/**
 * Every delivery to the endpoint, newest first: the event, each attempt with the receiver's status, how long it took
 * and the first 4 KB of its answer, and what comes next. Any delivery can be sent again (a new delivery of the same
 * event, the same webhook-id).
 */
export function DeliveryLog({ deliveries, resend }: { deliveries: Delivery[]; resend: ((deliveryId: string) => () => Promise<void>) | null }) {
  return (
    <StaffSection id="log" title="Delivery log" className="mt-12">
      <StaffTable
        rows={deliveries}
        empty="Nothing sent yet."
        className="mt-4"
        testId="delivery-log"
        rowTestId={(delivery) => `delivery-${delivery.id}`}
        columns={[
          {
            heading: 'Event',
            cell: (delivery) => (
              <>
                <span className="font-medium">{delivery.event.type}</span>
                {TRIGGERS[delivery.trigger] && <span className="text-ink-muted"> ({TRIGGERS[delivery.trigger]})</span>}
                <br />
                <code className="text-xs text-ink-muted">{delivery.event.id}</code>
                <br />
                <span className="text-xs text-ink-muted">{firmDateTime(delivery.event.createdAt)}</span>
              </>
            ),
          },
          {
            heading: 'Status',
            cell: (delivery) => (
              <>
                {delivery.status}
                {delivery.nextAttemptAt && delivery.status === 'retrying' && (
                  <span className="block text-ink-muted">next try {firmDateTime(delivery.nextAttemptAt)}</span>
                )}
              </>
            ),
          },
          { heading: 'Attempts', cell: (delivery) => <AttemptList attempts={delivery.attemptLog} /> },
          resend !== null && {
            heading: 'Action',
            headingHidden: true,
            cell: (delivery) => (
              <form action={resend(delivery.id)}>
                <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
                  Send again
                </button>
              </form>
            ),
          },
        ]}
      />
    </StaffSection>
  );
}

/** Each attempt of a delivery: when, the receiver's status, how long it took, and the first 4 KB of its answer. */
function AttemptList({ attempts }: { attempts: Delivery['attemptLog'] }) {
  if (attempts.length === 0) return <span className="text-ink-muted">not tried yet</span>;
  return (
    <ol className="space-y-2">
      {attempts.map((attempt) => (
        <li key={attempt.id}>
          #{attempt.number} {firmDateTime(attempt.startedAt)}: {attempt.responseStatus ?? 'no answer'} in {attempt.durationMs} ms
          {attempt.error && <span className="block text-danger">{attempt.error}</span>}
          {attempt.responseBody && (
            <details>
              <summary className="cursor-pointer text-ink-muted">Answer (first 4 KB)</summary>
              <pre className="mt-1 max-h-48 max-w-xl overflow-auto whitespace-pre-wrap break-all rounded bg-paper p-2 text-xs">{attempt.responseBody}</pre>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
