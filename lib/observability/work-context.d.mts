export interface WorkContext {
  /** The request's id (X-Request-Id), set by the web server. */
  requestId?: string;
  /** The job being run, set by the job runner. */
  jobId?: string;
  jobType?: string;
}

export function withWorkContext<T>(fields: WorkContext, work: () => T): T;
export function workContext(): WorkContext | undefined;
