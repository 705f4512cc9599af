#!/usr/bin/env node
// `npm run structure`: the imports between top-level folders, drawn from the real import graph (dependency-cruiser),
// checked against the layer order. Exits 1 on an arrow that runs upward or a circle between folders.
// Test files (*.test.ts, *.spec.ts) are left out of the drawing: they stand above every layer and may import anything.
// The module-level rules (which folder may import which, no circular imports) live in .dependency-cruiser.cjs and
// run in `npm run lint`; this drawing is the overview a newcomer reads.
import { cruise } from 'dependency-cruiser';

/** Top to bottom. A folder may import the folders below it, never one above. */
export const LAYERS = ['scripts', 'bench', 'drills', 'e2e', 'test-support', 'server', 'app', 'components', 'prisma', 'lib', 'clients', 'tools'];
/** The root files of the Next app (proxy.ts, instrumentation*.ts, the configs) belong to its layer. */
const ROOT_FILE_LAYER = 'app';
export const SCOPE = [...LAYERS, 'proxy.ts', 'instrumentation-client.ts', 'instrumentation.ts'];
const TEST_FILE = /\.(test|spec)\.[cm]?tsx?$/;

/** package.json and other root data files belong to no layer: anything may read them. */
const layerOf = (file) => (file.includes('/') ? file.split('/')[0] : /\.[cm]?tsx?$/.test(file) ? ROOT_FILE_LAYER : null);

/** Edges between top-level folders, with how many imports make each: `Map<'from → to', count>`. */
export async function folderEdges(scope = SCOPE) {
  const { existsSync } = await import('node:fs');
  const { output } = await cruise(
    scope.filter((entry) => existsSync(entry)),
    {
      outputType: 'json',
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(^|/)(node_modules|\\.next|lib/generated|public|test-results|playwright-report)/' },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
    },
    { extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.mts', '.json'] },
    { tsConfig: (await import('dependency-cruiser/config-utl/extract-ts-config')).default('tsconfig.json') },
  );
  const edges = new Map();
  for (const cruised of JSON.parse(output).modules) {
    if (TEST_FILE.test(cruised.source) || cruised.coreModule || cruised.source.startsWith('node_modules/')) continue;
    const from = layerOf(cruised.source);
    for (const dependency of cruised.dependencies) {
      if (dependency.coreModule || dependency.couldNotResolve || dependency.resolved.startsWith('node_modules/')) continue;
      const to = layerOf(dependency.resolved);
      if (!to || to === from || !LAYERS.includes(to)) continue;
      const key = `${from} → ${to}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  return edges;
}

/** Arrows that run upward (to a folder higher in LAYERS), and pairs of folders that import each other. */
export function problemsOf(edges) {
  const rank = (layer) => LAYERS.indexOf(layer);
  const pairs = [...edges.keys()].map((key) => key.split(' → '));
  const upward = pairs.filter(([from, to]) => rank(to) < rank(from)).map((pair) => pair.join(' → '));
  const circles = pairs.filter(([from, to]) => from < to && edges.has(`${to} → ${from}`)).map(([from, to]) => `${from} ↔ ${to}`);
  return { upward, circles };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const edges = await folderEdges();
  console.log(`Imports between top-level folders, top layer first (test files left out).\nLayers: ${LAYERS.join(' > ')}\n`);
  for (const from of LAYERS) {
    const targets = LAYERS.filter((to) => edges.has(`${from} → ${to}`)).map((to) => `${to} (${edges.get(`${from} → ${to}`)})`);
    console.log(`${from.padEnd(13)} → ${targets.length ? targets.join(', ') : '(nothing of ours)'}`);
  }
  const { upward, circles } = problemsOf(edges);
  console.log(`\nUpward arrows: ${upward.length ? upward.join(', ') : 'none'}`);
  console.log(`Circles: ${circles.length ? circles.join(', ') : 'none'}`);
  process.exit(upward.length || circles.length ? 1 : 0);
}
