import Link from 'next/link';
import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { StaffSection } from '@/components/staff/staff-section';
import { config } from '@/lib/config';
import { staffOverview } from '@/lib/domain/commitments/staff-overview';
import { mayAccess, type StaffActor } from '@/lib/domain/staff/roles';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { CommitmentTable } from './commitment-table';
import { ConsultationList } from './consultation-list';
import { OutcomeMessage } from './outcome-message';
import { staffAreasOf } from './staff-areas';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Overview' };

const DONE_MESSAGES: Record<string, string> = { assigned: 'It is yours now.', replied: 'Logged: the reply is kept.' };

/**
 * Where staff start the day: what is overdue, due today and unowned, today's and tomorrow's consultations, the reports
 * due this week, and the counts worth a look. Marketing, who keep no promises to people, see their areas instead.
 */
export default async function StaffHome({ searchParams }: { searchParams: Promise<{ error?: string; done?: string }> }) {
  const staff = await requireStaff('any', '/staff');
  if (!mayAccess(staff, 'commitments')) {
    return (
      <>
        <StaffPageHeader title={`Hello, ${staff.displayName}`} />
        <StaffAreaList staff={staff} />
      </>
    );
  }
  const now = new Date();
  const zone = config().FIRM_TIME_ZONE;
  // What every list of commitments needs: who is looking, when, and the firm's zone for its times.
  const shared = { viewer: staff, now, zone };
  const [overview, query] = await Promise.all([staffOverview(staff, now), searchParams]);
  const counts = [
    { label: 'New inquiries', value: overview.counts.newInquiries, href: '/staff/inquiries?status=submitted', testId: 'count-new-inquiries' },
    { label: 'Open checkouts', value: overview.counts.openCheckouts, href: null, testId: 'count-open-checkouts' },
    { label: 'Failed emails', value: overview.counts.failedEmails, href: '/staff/outbox?status=failed', testId: 'count-failed-emails' },
  ];
  return (
    <>
      <StaffPageHeader title={`Hello, ${staff.displayName}`}>
        What we promised people and when, yours and the unassigned first.{' '}
        <Link className="underline underline-offset-4" href="/staff/promises">
          How well we keep our promises
        </Link>
      </StaffPageHeader>
      <OutcomeMessage error={query.error} done={query.done} doneMessage={DONE_MESSAGES[query.done ?? ''] ?? 'Saved.'} />
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {counts.map((count) => (
          <div key={count.label} className="rounded-lg border border-line bg-surface p-4">
            <dt className="text-sm text-ink-muted">{count.label}</dt>
            <dd className="mt-1 font-serif text-3xl font-semibold" data-testid={count.testId}>
              {count.href ? (
                <Link className="underline-offset-4 hover:underline" href={count.href}>
                  {count.value}
                </Link>
              ) : (
                count.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      <CommitmentTable id="overdue" title="Overdue" empty="Nothing is overdue." list={overview.overdue} {...shared} />
      <CommitmentTable id="due-today" title="Due today" empty="Nothing else falls due today." list={overview.dueToday} {...shared} />
      <CommitmentTable id="unassigned" title="Unassigned" empty="Every open promise has an owner." list={overview.unassigned} {...shared} />
      <StaffSection id="consultations" title="Consultations">
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <ConsultationList id="today" title="Today" consultations={overview.consultations.today} zone={zone} />
          <ConsultationList id="tomorrow" title="Tomorrow" consultations={overview.consultations.tomorrow} zone={zone} />
        </div>
      </StaffSection>
      <CommitmentTable
        id="reports-this-week"
        title="Reports due this week"
        empty="No consultant report falls due this week."
        list={overview.reportsDueThisWeek}
        {...shared}
      />
    </>
  );
}

/** The areas of a role that keeps no promises to people (marketing): where its work is. */
function StaffAreaList({ staff }: { staff: StaffActor }) {
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2">
      {staffAreasOf(staff).map((item) => (
        <li key={item.href} className="rounded-lg border border-line bg-surface p-6">
          <h2 className="font-serif text-xl font-semibold">
            <Link className="underline-offset-4 hover:underline" href={item.href}>
              {item.title}
            </Link>
          </h2>
          <p className="mt-2 text-ink-muted">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
