import type { ReactNode } from 'react';
import { StaffSection } from '@/components/staff/staff-section';
import { StaffTable } from '@/components/staff/staff-table';

interface ListedJob {
  id: string;
  type: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  payload: unknown;
}

/** One titled table of jobs: what each is, how many attempts it used, its last error, and an optional action. */
export function JobTable<J extends ListedJob>({
  id,
  title,
  empty,
  jobs,
  when,
  action,
}: {
  id: string;
  title: string;
  empty: string;
  jobs: J[];
  when: (job: J) => string;
  action?: (job: J) => ReactNode;
}) {
  return (
    <StaffSection id={id} title={title}>
      <StaffTable
        className="mt-4"
        testId={`jobs-table-${id}`}
        empty={empty}
        rows={jobs}
        rowTestId={(job) => `job-${job.id}`}
        columns={[
          {
            heading: 'Job',
            cell: (job) => (
              <>
                <span className="font-medium">{job.type}</span>
                <br />
                <code className="text-xs text-ink-muted">{job.id}</code>
                <br />
                <code className="break-all text-xs text-ink-muted">{JSON.stringify(job.payload)}</code>
              </>
            ),
          },
          { heading: 'Attempts', cell: (job) => `${job.attempts} of ${job.maxAttempts}` },
          { heading: 'When', cell: when },
          { heading: 'Last error', cellClassName: 'max-w-md break-words whitespace-pre-wrap', cell: (job) => job.lastError ?? '' },
          action && { heading: 'Action', headingHidden: true, cell: action },
        ]}
      />
    </StaffSection>
  );
}
