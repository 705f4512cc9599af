// The route template of a request path, for the access log and the HTTP metrics: `/v1/services/{serviceId}`, never
// the raw path. Raw paths would hold the secret tokens of checkout, report, booking and preview links, and one label
// value per path would grow Prometheus without bound. The templates are Next's own route list (the build's
// .next/routes-manifest.json), so a new route gets its template without anyone listing it here. Plain JavaScript
// because the web server runs it before anything is compiled.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A path no route answers: one label for all of them. */
export const UNMATCHED = '/*';
/** Next's own files (scripts, styles, images): one label. */
const NEXT_ASSETS = '/_next/*';

/** `/v1/services/[serviceId]` → `/v1/services/{serviceId}`; a catch-all segment (`[...x]`, `[[...x]]`) → `*`. */
export function templateOfPage(page) {
  return page.replace(/\/\[\[?\.\.\.[^\]]+\]\]?/g, '/*').replace(/\[([^\]]+)\]/g, '{$1}');
}

/**
 * A matcher over Next's routes (`manifest`: the parsed routes-manifest.json), the files of public/ (their paths) and
 * `ownRoutes`, the paths the web server answers itself.
 */
export function createRouteTemplates({ manifest, publicFiles = [], ownRoutes = [] }) {
  const exact = new Map();
  for (const route of [...(manifest.staticRoutes ?? []), ...ownRoutes.map((page) => ({ page }))]) exact.set(route.page, templateOfPage(route.page));
  for (const file of publicFiles) exact.set(file, file);
  const dynamic = (manifest.dynamicRoutes ?? []).map((route) => ({ regex: new RegExp(route.regex), template: templateOfPage(route.page) }));
  return function templateOf(pathname) {
    const known = exact.get(pathname) ?? (pathname.length > 1 && pathname.endsWith('/') ? exact.get(pathname.slice(0, -1)) : undefined);
    if (known) return known;
    if (pathname.startsWith('/_next/')) return NEXT_ASSETS;
    for (const route of dynamic) if (route.regex.test(pathname)) return route.template;
    return UNMATCHED;
  };
}

function filesUnder(root, directory = root) {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(root, full) : [`/${path.relative(root, full).split(path.sep).join('/')}`];
  });
}

/** The matcher of the build in `projectRoot`. */
export function loadRouteTemplates(projectRoot, ownRoutes = []) {
  const manifest = JSON.parse(readFileSync(path.join(projectRoot, '.next', 'routes-manifest.json'), 'utf8'));
  return createRouteTemplates({ manifest, publicFiles: filesUnder(path.join(projectRoot, 'public')), ownRoutes });
}
