import type { EndpointDetail } from '@/lib/domain/webhooks/endpoint-views';
import { formatDateTime } from '@/lib/format';

type Delivery = EndpointDetail['deliveries'][number];

const TRIGGERS: Record<string, string> = { event: '', replay: 'replayed', resend: 'sent again by hand', test: 'test event' };

/**
 * Every delivery to the endpoint, newest first: the event, each attempt with the receiver's status, how long it took
 * and the first 4 KB of its answer, and what comes next. Any delivery can be sent again (a new delivery of the same
 * event, the same webhook-id).
 */
export function DeliveryLog({ deliveries, resend }: { deliveries: Delivery[]; resend: ((deliveryId: string) => () => Promise<void>) | null }) {
  return (
    <section aria-labelledby="log-heading" className="mt-12">
      <h2 id="log-heading" className="font-serif text-2xl font-semibold">
        Delivery log
      </h2>
      {deliveries.length === 0 ? (
        <p className="mt-3 text-ink-muted">Nothing sent yet.</p>
      ) : (
        <table className="mt-4 w-full border-collapse text-left text-sm" data-testid="delivery-log">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3">
                Event
              </th>
              <th scope="col" className="py-2 pr-3">
                Status
              </th>
              <th scope="col" className="py-2 pr-3">
                Attempts
              </th>
              {resend && (
                <th scope="col" className="py-2">
                  <span className="sr-only">Action</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id} className="border-b border-line align-top" data-testid={`delivery-${delivery.id}`}>
                <td className="py-2 pr-3">
                  <span className="font-medium">{delivery.event.type}</span>
                  {TRIGGERS[delivery.trigger] && <span className="text-ink-muted"> ({TRIGGERS[delivery.trigger]})</span>}
                  <br />
                  <code className="text-xs text-ink-muted">{delivery.event.id}</code>
                  <br />
                  <span className="text-xs text-ink-muted">{formatDateTime(delivery.event.createdAt.toISOString())}</span>
                </td>
                <td className="py-2 pr-3">
                  {delivery.status}
                  {delivery.nextAttemptAt && delivery.status === 'retrying' && (
                    <span className="block text-ink-muted">next try {formatDateTime(delivery.nextAttemptAt.toISOString())}</span>
                  )}
                </td>
                <td className="py-2 pr-3">
                  {delivery.attemptLog.length === 0 ? (
                    <span className="text-ink-muted">not tried yet</span>
                  ) : (
                    <ol className="space-y-2">
                      {delivery.attemptLog.map((attempt) => (
                        <li key={attempt.id}>
                          #{attempt.number} {formatDateTime(attempt.startedAt.toISOString())}: {attempt.responseStatus ?? 'no answer'} in {attempt.durationMs}{' '}
                          ms
                          {attempt.error && <span className="block text-danger">{attempt.error}</span>}
                          {attempt.responseBody && (
                            <details>
                              <summary className="cursor-pointer text-ink-muted">Answer (first 4 KB)</summary>
                              <pre className="mt-1 max-h-48 max-w-xl overflow-auto whitespace-pre-wrap break-all rounded bg-paper p-2 text-xs">
                                {attempt.responseBody}
                              </pre>
                            </details>
                          )}
                        </li>
                      ))}
                    </ol>
                  )}
                </td>
                {resend && (
                  <td className="py-2">
                    <form action={resend(delivery.id)}>
                      <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
                        Send again
                      </button>
                    </form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
