import type { ReactNode } from 'react';

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
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      {jobs.length === 0 ? (
        <p className="mt-3 text-ink-muted">{empty}</p>
      ) : (
        <table className="mt-4 w-full border-collapse text-left text-sm" data-testid={`jobs-table-${id}`}>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3">
                Job
              </th>
              <th scope="col" className="py-2 pr-3">
                Attempts
              </th>
              <th scope="col" className="py-2 pr-3">
                When
              </th>
              <th scope="col" className="py-2 pr-3">
                Last error
              </th>
              {action && (
                <th scope="col" className="py-2">
                  <span className="sr-only">Action</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id} className="border-b border-line align-top" data-testid={`job-${job.id}`}>
                <td className="py-2 pr-3">
                  <span className="font-medium">{job.type}</span>
                  <br />
                  <code className="text-xs text-ink-muted">{job.id}</code>
                  <br />
                  <code className="break-all text-xs text-ink-muted">{JSON.stringify(job.payload)}</code>
                </td>
                <td className="py-2 pr-3">
                  {job.attempts} of {job.maxAttempts}
                </td>
                <td className="py-2 pr-3">{when(job)}</td>
                <td className="max-w-md py-2 pr-3 break-words whitespace-pre-wrap">{job.lastError ?? ''}</td>
                {action && <td className="py-2">{action(job)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
