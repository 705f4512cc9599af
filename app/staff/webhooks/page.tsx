import Link from 'next/link';
import { WEBHOOK_EVENT_TYPES } from '@/lib/contract/webhook-events';
import { listEndpoints } from '@/lib/domain/webhooks/endpoint-views';
import { formatDateTime } from '@/lib/format';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../outcome-message';
import { createEndpointAction } from './actions';
import { DONE_MESSAGES } from './done-messages';
import { EndpointForm } from './endpoint-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Webhooks' };

/** Admins register the receivers of signed events, see how each is doing, and add new ones. */
export default async function WebhooksPage({ searchParams }: { searchParams: Promise<{ error?: string; done?: string }> }) {
  await requireStaff('webhooks', '/staff/webhooks');
  const [endpoints, query] = await Promise.all([listEndpoints(), searchParams]);
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Webhooks</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">
        Signed events (Standard Webhooks) for the firm&rsquo;s other systems: an inquiry arrived, a consultation was booked, an audit was paid, content was
        published. Each delivery is retried for about a day; an endpoint that answers 410, or fails for 5 days, is disabled and the admins are emailed.
      </p>
      <OutcomeMessage error={query.error} done={query.done} doneMessage={DONE_MESSAGES[query.done ?? ''] ?? 'Done.'} />
      <section aria-labelledby="endpoints-heading" className="mt-10">
        <h2 id="endpoints-heading" className="font-serif text-2xl font-semibold">
          Endpoints
        </h2>
        {endpoints.length === 0 ? (
          <p className="mt-3 text-ink-muted">No endpoints yet.</p>
        ) : (
          <table className="mt-4 w-full border-collapse text-left text-sm" data-testid="webhook-endpoints">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3">
                  Endpoint
                </th>
                <th scope="col" className="py-2 pr-3">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3">
                  Events
                </th>
                <th scope="col" className="py-2 pr-3">
                  Last delivery
                </th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((endpoint) => (
                <tr key={endpoint.id} className="border-b border-line align-top">
                  <td className="py-2 pr-3">
                    <Link className="font-medium underline underline-offset-4" href={`/staff/webhooks/${endpoint.id}`}>
                      {endpoint.description || endpoint.url}
                    </Link>
                    <br />
                    <code className="break-all text-xs text-ink-muted">{endpoint.url}</code>
                  </td>
                  <td className="py-2 pr-3">
                    {endpoint.status}
                    {endpoint.failingSince && <span className="block text-danger">failing since {formatDateTime(endpoint.failingSince.toISOString())}</span>}
                    {endpoint.unfinished > 0 && <span className="block text-ink-muted">{endpoint.unfinished} on the way</span>}
                  </td>
                  <td className="py-2 pr-3">{endpoint.eventTypes.join(', ')}</td>
                  <td className="py-2 pr-3">
                    {endpoint.last
                      ? `${endpoint.last.status}, ${formatDateTime((endpoint.last.finishedAt ?? endpoint.last.createdAt).toISOString())}`
                      : 'none yet'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="add-heading" className="mt-12">
        <h2 id="add-heading" className="font-serif text-2xl font-semibold">
          Add an endpoint
        </h2>
        <EndpointForm action={createEndpointAction} eventTypes={WEBHOOK_EVENT_TYPES} />
      </section>
    </>
  );
}
