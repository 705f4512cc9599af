import { StaffSelect } from '@/components/staff/staff-select';
import { config } from '@/lib/config';
import { stringArray } from '@/lib/core/json-columns';
import { commitmentsOf } from '@/lib/domain/commitments/staff-commitments';
import { assignableStaff } from '@/lib/domain/commitments/staff-people';
import { getInquiryForStaff } from '@/lib/domain/staff/inbox';
import { firmDateTime } from '@/lib/firm-time';
import { formatMoney } from '@/lib/format';
import { orNotFound } from '@/lib/site/or-not-found';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { CommitmentPanel } from '../../commitment-panel';
import { transitionInquiryAction } from '../../inbox-actions';
import { OutcomeMessage } from '../../outcome-message';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Inquiry' };

const DONE_MESSAGES: Record<string, string> = { assigned: 'The owner is changed.', replied: 'Logged: the reply is kept.' };

// Everything the visitor sent is rendered as text by React (escaped); nothing here is raw HTML.
export default async function InquiryPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ error?: string; done?: string }>;
}) {
  const { id } = await params;
  await requireStaff('inbox', `/staff/inquiries/${id}`);
  const inquiry = await orNotFound(getInquiryForStaff(id));
  const now = new Date();
  const [commitments, assignable] = await Promise.all([commitmentsOf({ inquiryNumber: inquiry.number }), assignableStaff()]);
  const money = (minor: bigint | null) => (minor === null ? '–' : formatMoney(Number(minor) / 100, inquiry.budgetCurrency ?? 'USD'));
  const fields: [string, string][] = [
    ['Contact', inquiry.contactName],
    ['Email', inquiry.email],
    ['Phone', inquiry.phone ?? '–'],
    ['Industry', inquiry.industry ?? '–'],
    ['Organization size', inquiry.organizationSize ?? '–'],
    ['Urgency', inquiry.urgency ?? '–'],
    ['Services of interest', stringArray(inquiry.preferredServices, 'Inquiry.preferredServices').join(', ') || '–'],
    [
      'Budget',
      inquiry.budgetMinMinor === null && inquiry.budgetMaxMinor === null ? '–' : `${money(inquiry.budgetMinMinor)} to ${money(inquiry.budgetMaxMinor)}`,
    ],
    ['Timeline', inquiry.timeline ?? '–'],
    ['Received', firmDateTime(inquiry.submittedAt)],
    ['Answer due', firmDateTime(inquiry.estimatedResponseAt)],
  ];
  const query = await searchParams;
  return (
    <>
      <p className="text-sm text-ink-muted">{inquiry.supportTicket}</p>
      <h1 className="font-serif text-3xl font-semibold" data-testid="inquiry-company">
        {inquiry.companyName}
      </h1>
      <p className="mt-2">
        Status: <strong data-testid="inquiry-status">{inquiry.status}</strong>
      </p>
      <OutcomeMessage error={query.error} done={query.done} doneMessage={DONE_MESSAGES[query.done ?? ''] ?? 'Saved.'} />
      <CommitmentPanel commitments={commitments} assignable={assignable} back={`/staff/inquiries/${inquiry.id}`} now={now} zone={config().FIRM_TIME_ZONE} />
      <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-8 font-serif text-xl font-semibold">What they wrote</h2>
      <p className="mt-2 whitespace-pre-wrap rounded-md border border-line bg-surface p-4" data-testid="inquiry-description">
        {inquiry.problemDescription}
      </p>
      {inquiry.allowedNext.length > 0 && (
        <form action={transitionInquiryAction.bind(null, inquiry.id)} className="mt-8 flex flex-wrap items-end gap-4">
          <StaffSelect label="Move to" name="status" options={inquiry.allowedNext} />
          <label className="block min-w-64 flex-1">
            <span className="block font-medium">Note (optional)</span>
            <input name="note" maxLength={2000} className="mt-1 block w-full rounded-md border border-ink/40 bg-surface px-3 py-2" />
          </label>
          <button type="submit" className="rounded-md bg-accent px-4 py-2 font-semibold text-paper hover:bg-accent-strong">
            Update status
          </button>
        </form>
      )}
      <h2 className="mt-8 font-serif text-xl font-semibold">History</h2>
      <ol className="mt-2 space-y-2">
        <li>{firmDateTime(inquiry.submittedAt)}: submitted by the visitor</li>
        {inquiry.statusChanges.map((change) => (
          <li key={change.id}>
            {firmDateTime(change.createdAt)}: {change.fromStatus} → {change.toStatus} by {change.actor.displayName}
            {change.note ? ` (“${change.note}”)` : ''}
          </li>
        ))}
      </ol>
    </>
  );
}
