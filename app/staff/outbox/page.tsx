import Link from 'next/link';
import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { StaffTable } from '@/components/staff/staff-table';
import { isOutboxStatus, listOutbox, RESENDABLE } from '@/lib/domain/mail/outbox-admin';
import { OUTBOX_STATUSES } from '@/lib/domain/mail/outbox';
import { firmDateTime } from '@/lib/firm-time';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { ResendButton } from './resend-button';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Outbox' };

const STATUS_TEXT = { queued: 'waiting to be sent', sent: 'sent', failed: 'failed', 'not-sent': 'not sent (no mail server)' } as const;

/** Every message the site has rendered, newest first: what went to whom, whether it arrived, and Resend for what did not. */
export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  await requireStaff('outbox', '/staff/outbox');
  const { status } = await searchParams;
  const filter = isOutboxStatus(status) ? status : undefined;
  const { messages, counts } = await listOutbox({ status: filter });
  return (
    <>
      <StaffPageHeader title="Outbox">
        Each message is stored when the inquiry, booking or payment it is about is saved, then sent by a job. A message the mail server did not take is retried
        with growing pauses; after the last attempt it is marked failed here. Without SMTP_URL nothing is sent and every message waits here as not sent.
      </StaffPageHeader>
      <nav aria-label="Messages by status" className="mt-6">
        <ul className="flex flex-wrap gap-3 text-sm">
          <li>
            <Link className="rounded-md border border-line px-3 py-1.5" href="/staff/outbox" aria-current={filter ? undefined : 'page'}>
              All
            </Link>
          </li>
          {OUTBOX_STATUSES.map((s) => (
            <li key={s}>
              <Link className="rounded-md border border-line px-3 py-1.5" href={`/staff/outbox?status=${s}`} aria-current={filter === s ? 'page' : undefined}>
                {STATUS_TEXT[s]} <span data-testid={`outbox-count-${s}`}>({counts[s]})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <StaffTable
        className="mt-6"
        testId="outbox-table"
        empty={`No messages${filter ? ` that are ${STATUS_TEXT[filter]}` : ''}.`}
        rows={messages}
        rowTestId={(message) => `outbox-${message.id}`}
        columns={[
          {
            heading: 'Message',
            cell: (message) => (
              <>
                <Link className="font-medium underline-offset-4 hover:underline" href={`/staff/outbox/${message.id}`}>
                  {message.subject}
                </Link>
                <br />
                <span className="text-xs text-ink-muted">
                  {message.kind} · {message.aboutType} {message.aboutId}
                </span>
              </>
            ),
          },
          { heading: 'To', cellClassName: 'break-all', cell: (message) => message.recipients.join(', ') },
          {
            heading: 'Status',
            cell: (message) => (
              <>
                <span data-testid="outbox-status">{STATUS_TEXT[message.status]}</span>
                {message.attempts > 0 && <span className="block text-xs text-ink-muted">{message.attempts} attempt(s)</span>}
                {message.status !== 'sent' && message.lastError && (
                  <span className="block max-w-xs text-xs break-words text-ink-muted">{message.lastError}</span>
                )}
              </>
            ),
          },
          {
            heading: 'Written',
            cell: (message) => (
              <>
                {firmDateTime(message.createdAt)}
                {message.sentAt && <span className="block text-xs text-ink-muted">sent {firmDateTime(message.sentAt)}</span>}
              </>
            ),
          },
          { heading: 'Action', headingHidden: true, cell: (message) => RESENDABLE.includes(message.status) && <ResendButton id={message.id} /> },
        ]}
      />
    </>
  );
}
