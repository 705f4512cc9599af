import Link from 'next/link';
import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { StaffSection } from '@/components/staff/staff-section';
import { StaffTable } from '@/components/staff/staff-table';
import { WEBHOOK_EVENT_TYPES } from '@/lib/contract/webhook-events';
import { listEndpoints } from '@/lib/domain/webhooks/endpoint-views';
import { firmDateTime } from '@/lib/firm-time';
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
      <StaffPageHeader title="Webhooks">
        Signed events (Standard Webhooks) for the firm&rsquo;s other systems: an inquiry arrived, a consultation was booked, an audit was paid, content was
        published. Each delivery is retried for about a day; an endpoint that answers 410, or fails for 5 days, is disabled and the admins are emailed.
      </StaffPageHeader>
      <OutcomeMessage error={query.error} done={query.done} doneMessage={DONE_MESSAGES[query.done ?? ''] ?? 'Done.'} />
      <StaffSection id="endpoints" title="Endpoints">
        <StaffTable
          rows={endpoints}
          empty="No endpoints yet."
          className="mt-4"
          testId="webhook-endpoints"
          columns={[
            {
              heading: 'Endpoint',
              cell: (endpoint) => (
                <>
                  <Link className="font-medium underline underline-offset-4" href={`/staff/webhooks/${endpoint.id}`}>
                    {endpoint.description || endpoint.url}
                  </Link>
                  <br />
                  <code className="break-all text-xs text-ink-muted">{endpoint.url}</code>
                </>
              ),
            },
            {
              heading: 'Status',
              cell: (endpoint) => (
                <>
                  {endpoint.status}
                  {endpoint.failingSince && <span className="block text-danger">failing since {firmDateTime(endpoint.failingSince)}</span>}
                  {endpoint.unfinished > 0 && <span className="block text-ink-muted">{endpoint.unfinished} on the way</span>}
                </>
              ),
            },
            { heading: 'Events', cell: (endpoint) => endpoint.eventTypes.join(', ') },
            {
              heading: 'Last delivery',
              cell: (endpoint) =>
                endpoint.last ? `${endpoint.last.status}, ${firmDateTime(endpoint.last.finishedAt ?? endpoint.last.createdAt)}` : 'none yet',
            },
          ]}
        />
      </StaffSection>
      <StaffSection id="add" title="Add an endpoint" className="mt-12">
        <EndpointForm action={createEndpointAction} eventTypes={WEBHOOK_EVENT_TYPES} />
      </StaffSection>
    </>
  );
}
