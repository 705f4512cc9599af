import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from '@/lib/process-singleton';

/**
 * Who made the current request, as far as analytics may know: enough to make the day's visitor hash, and whether the
 * visit may be counted at all. The faces set it around a use case (the /v1 route wrapper, the site's forms), so a
 * conversion the use case records joins the page views of the same visitor, and the domain never reads HTTP.
 */
export interface VisitSource {
  address: string;
  userAgent: string | undefined;
  /** Not counted: the browser sent Sec-GPC or DNT, or a staff session or preview is looking. */
  excluded: boolean;
}

const scope = processSingleton('analytics-visit-source', () => new AsyncLocalStorage<VisitSource>());

export function withVisitSource<T>(source: VisitSource, work: () => T): T {
  return scope.run(source, work);
}

export function currentVisitSource(): VisitSource | undefined {
  return scope.getStore();
}
