/**
 * The import rules of the project's layout (README, "Where things live"). `npm run lint` checks them and fails on a
 * violation; `npm run structure` draws the imports between top-level folders.
 *
 * Layers, top to bottom: scripts → bench, drills, e2e → test-support → server → app (with the root files proxy.ts,
 * instrumentation*.ts) → components → prisma (seed) → lib → tools. Test files (*.test.ts, *.spec.ts) stand above
 * every layer: they may import anything, and nothing may import them.
 */
const TEST_FILE = '\\.(test|spec)\\.[cm]?tsx?$';
const SHIPPED = '^(app|components|lib|server|prisma|tools)/|^(proxy|instrumentation|instrumentation-client)\\.ts$';
const FACES = '^lib/(api|http|mcp|forms|site|staff-web|page-cache|seo|openapi|security)/';
/** Ports to the outside world, infrastructure and the shared kernel (with the loose kernel files at lib/'s root). */
const PORTS =
  '^lib/(core|config\\.ts|format\\.ts|process-singleton\\.ts|report-findings\\.ts|contract|db|jobs|mail|payments|guarded-fetch|website-audit|idempotency|rate-limits|observability|media-storage|image-processing|calendars|webhook-sender)';

/** A rule that `from` (not a test file) never imports `to`. */
const never = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TEST_FILE },
  to: { path: to },
});

module.exports = {
  forbidden: [
    never(
      'lib-imports-nothing-above',
      'lib/ is the bottom of the app: it never imports app, components, server, prisma or any test code.',
      '^lib/',
      '^(app|components|server|scripts|bench|drills|e2e|test-support|prisma)/',
    ),
    never(
      'components-import-only-lib',
      'components/ are UI pieces: they import lib/, never pages, routes or the server.',
      '^components/',
      '^(app|server|scripts|bench|drills|e2e|test-support|prisma)/',
    ),
    never(
      'app-never-imports-the-database',
      'Pages, routes and UI pieces call lib/domain; only the domain reads and writes the database (lib/db, the Prisma client).',
      '^(app/|components/|proxy\\.ts|instrumentation)',
      '^lib/(db|generated/prisma)',
    ),
    never(
      'app-imports-no-server-or-tests',
      'The Next app does not reach into the process that hosts it, nor into tests.',
      '^(app/|proxy\\.ts|instrumentation)',
      '^(server|scripts|bench|drills|e2e|test-support)/',
    ),
    never(
      'server-imports-no-tests',
      'What npm start runs ships; it never imports test helpers, benchmarks or developer scripts.',
      '^server/',
      '^(scripts|bench|drills|e2e|test-support)/',
    ),
    never(
      'prisma-imports-only-lib',
      'The seed imports the domain; it never imports test code or the server.',
      '^prisma/',
      '^(app|components|server|scripts|bench|drills|e2e|test-support)/',
    ),
    never(
      'test-support-serves-tests',
      'Test helpers are used by tests, benchmarks and drills, never the other way round.',
      '^test-support/',
      '^(scripts|bench|drills|e2e)/',
    ),
    never(
      'tools-stand-alone',
      'tools/ (the offline Prisma engine) depends on nothing of the project.',
      '^tools/',
      '^(app|components|lib|server|scripts|bench|drills|e2e|test-support|prisma)/',
    ),
    never('domain-never-imports-faces', 'Use cases know nothing of HTTP, MCP, forms or pages: the faces call the domain.', '^lib/domain/', FACES),
    never(
      'ports-never-import-the-domain',
      'Ports to the outside world and the shared kernel are called by the domain, never the reverse.',
      PORTS,
      '^lib/domain/',
    ),
    {
      name: 'shipped-code-never-imports-tests',
      comment: 'A test file or test helper in the import graph of shipped code would ship with it.',
      severity: 'error',
      from: { path: SHIPPED, pathNot: TEST_FILE },
      to: { path: `^test-support/|${TEST_FILE}` },
    },
    {
      name: 'no-circular-imports',
      comment: 'A circle of imports has no bottom to read from; one side must move down.',
      severity: 'error',
      from: { pathNot: TEST_FILE },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    // lib/generated (the Prisma clients, generated) is in the graph but not followed: an import of it from app/ or
    // components/ is checked, while its own thousands of generated lines are not read.
    doNotFollow: { path: '(^|/)(node_modules|lib/generated)/' },
    exclude: { path: '(^|/)(node_modules|\\.next|public|test-results|playwright-report)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.mts', '.json'] },
    skipAnalysisNotInRules: true,
  },
};
