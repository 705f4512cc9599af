import Link from 'next/link';
import { isOutboxStatus, listOutbox, RESENDABLE } from '@/lib/domain/mail/outbox-admin';
import { OUTBOX_STATUSES } from '@/lib/domain/mail/outbox';
import { formatDateTime } from '@/lib/format';
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
      <h1 className="font-serif text-3xl font-semibold">Outbox</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">
        Each message is stored when the inquiry, booking or payment it is about is saved, then sent by a job. A message the mail server did not take is retried
        with growing pauses; after the last attempt it is marked failed here. Without SMTP_URL nothing is sent and every message waits here as not sent.
      </p>
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
      {messages.length === 0 ? (
        <p className="mt-6 text-ink-muted">No messages{filter ? ` that are ${STATUS_TEXT[filter]}` : ''}.</p>
      ) : (
        <table className="mt-6 w-full border-collapse text-left text-sm" data-testid="outbox-table">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3">
                Message
              </th>
              <th scope="col" className="py-2 pr-3">
                To
              </th>
              <th scope="col" className="py-2 pr-3">
                Status
              </th>
              <th scope="col" className="py-2 pr-3">
                Written
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id} className="border-b border-line align-top" data-testid={`outbox-${message.id}`}>
                <td className="py-2 pr-3">
                  <Link className="font-medium underline-offset-4 hover:underline" href={`/staff/outbox/${message.id}`}>
                    {message.subject}
                  </Link>
                  <br />
                  <span className="text-xs text-ink-muted">
                    {message.kind} · {message.aboutType} {message.aboutId}
                  </span>
                </td>
                <td className="py-2 pr-3 break-all">{message.recipients.join(', ')}</td>
                <td className="py-2 pr-3">
                  <span data-testid="outbox-status">{STATUS_TEXT[message.status]}</span>
                  {message.attempts > 0 && <span className="block text-xs text-ink-muted">{message.attempts} attempt(s)</span>}
                  {message.status !== 'sent' && message.lastError && (
                    <span className="block max-w-xs text-xs break-words text-ink-muted">{message.lastError}</span>
                  )}
                </td>
                <td className="py-2 pr-3">
                  {formatDateTime(message.createdAt.toISOString())}
                  {message.sentAt && <span className="block text-xs text-ink-muted">sent {formatDateTime(message.sentAt.toISOString())}</span>}
                </td>
                <td className="py-2">{RESENDABLE.includes(message.status) && <ResendButton id={message.id} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
