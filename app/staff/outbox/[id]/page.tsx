import Link from 'next/link';
import { StaffSection } from '@/components/staff/staff-section';
import { DetailList } from '@/components/checkout/detail-list';
import { getOutboxMessage } from '@/lib/domain/mail/outbox-admin';
import { firmDateTime } from '@/lib/firm-time';
import type { MailAddress } from '@/lib/mail';
import { orNotFound } from '@/lib/site/or-not-found';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../../outcome-message';
import { ResendButton } from '../resend-button';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Message' };

const mailboxText = (mailbox: MailAddress) => (mailbox.name ? `${mailbox.name} <${mailbox.address}>` : mailbox.address);

/** Where staff read what the message is about. */
function aboutLink(type: string, id: string) {
  if (type === 'inquiry') return <Link className="underline underline-offset-4" href={`/staff/inquiries/${id}`}>{`inquiry ${id}`}</Link>;
  if (type === 'booking') return <Link className="underline underline-offset-4" href="/staff/bookings">{`booking ${id}`}</Link>;
  return `${type} ${id}`;
}

/**
 * One message as it was (or will be) sent. The HTML part is shown in a sandboxed frame with no scripts, no forms,
 * no same-origin access: it holds visitor text, and whatever it contains stays inside the frame. The frame loads it
 * from ./html, which has a policy of its own (inline styles, nothing else); a srcdoc frame would inherit this page's.
 */
export default async function OutboxMessagePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ error?: string; done?: string }>;
}) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  await requireStaff('outbox', `/staff/outbox/${id}`);
  const row = await orNotFound(getOutboxMessage(id));
  const { message } = row;
  return (
    <>
      <p className="text-sm">
        <Link className="underline underline-offset-4" href="/staff/outbox">
          Outbox
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-semibold">{row.subject}</h1>
      <OutcomeMessage error={query.error} done={query.done} />
      <div className="mt-6 max-w-3xl">
        <DetailList
          rows={[
            { term: 'Status', value: row.status, testId: 'message-status' },
            ...(message ? [{ term: 'From', value: mailboxText(message.from) }] : []),
            { term: 'To', value: message ? message.to.map(mailboxText).join(', ') : row.recipients.join(', ') },
            ...(message?.replyTo ? [{ term: 'Reply-To', value: mailboxText(message.replyTo) }] : []),
            ...(message ? [{ term: 'Message-ID', value: <code className="break-all">{message.messageId}</code>, testId: 'message-id' }] : []),
            { term: 'Kind', value: row.kind },
            { term: 'About', value: aboutLink(row.aboutType, row.aboutId) },
            { term: 'Written', value: firmDateTime(row.createdAt) },
            { term: 'Attempts', value: String(row.attempts) },
            ...(row.sentAt ? [{ term: 'Sent', value: firmDateTime(row.sentAt) }] : []),
            ...(row.smtpResponse ? [{ term: 'Server reply', value: row.smtpResponse }] : []),
            ...(row.lastError && row.status !== 'sent' ? [{ term: 'Last error', value: row.lastError }] : []),
          ]}
        />
        {row.resendable && (
          <div className="mt-4 flex items-center gap-3">
            <ResendButton id={row.id} />
            <span className="text-sm text-ink-muted">Sends this same message again, with the same Message-ID.</span>
          </div>
        )}
      </div>
      {!message ? (
        <p role="alert" className="mt-8 text-danger">
          The stored message no longer has the shape the sender expects, so it cannot be shown or sent.
        </p>
      ) : (
        <>
          <StaffSection id="text-part" title="Plain-text part">
            <pre className="mt-3 overflow-x-auto rounded-lg border border-line bg-surface p-4 text-sm whitespace-pre-wrap" data-testid="message-text">
              {message.text}
            </pre>
          </StaffSection>
          <StaffSection id="html-part" title="HTML part">
            <iframe
              title={`HTML part of “${row.subject}”`}
              sandbox=""
              src={`/staff/outbox/${encodeURIComponent(row.id)}/html`}
              referrerPolicy="no-referrer"
              className="mt-3 h-[40rem] w-full rounded-lg border border-line bg-white"
              data-testid="message-html"
            />
          </StaffSection>
          {message.calendar && (
            <StaffSection id="calendar-part" title={`Calendar part (METHOD:${message.calendar.method})`}>
              <pre className="mt-3 overflow-x-auto rounded-lg border border-line bg-surface p-4 text-xs" data-testid="message-calendar">
                {message.calendar.ics}
              </pre>
            </StaffSection>
          )}
        </>
      )}
    </>
  );
}
