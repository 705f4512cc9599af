export const UNMATCHED: string;
export function templateOfPage(page: string): string;
export function createRouteTemplates(routes: {
  manifest: { staticRoutes?: { page: string }[]; dynamicRoutes?: { page: string; regex: string }[] };
  publicFiles?: string[];
  ownRoutes?: string[];
}): (pathname: string) => string;
export function loadRouteTemplates(projectRoot: string, ownRoutes?: string[]): (pathname: string) => string;
