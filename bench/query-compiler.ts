// What Prisma's query compiler (WebAssembly, chosen by `compilerBuild` in prisma/schema.prisma) costs this process,
// on a fresh seeded SQLite database: the first query (the module compiled and instantiated), a query of a shape
// already seen with other values, a query of a new shape (its plan compiled), and the resident memory after them.
// Compare the builds by changing `compilerBuild`, running `npm run generate`, and running this again:
// `npx tsx bench/query-compiler.ts` (BENCH_ROUNDS, default 3000 queries of the repeated shape).
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '../test-support/test-server.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3000);
const database = await createTestDatabase();
process.env.DATABASE_URL = database.databaseUrl;
const { db } = await import('@/lib/db/client');

const started = performance.now();
await db.insight.count();
const firstQueryMs = performance.now() - started;

let since = performance.now();
for (let i = 0; i < rounds; i++) {
  await db.insight.findMany({ where: { status: 'published', readTime: { gte: i % 7 } }, take: 5, skip: i % 13, select: { id: true, title: true } });
}
const repeatedShapeMs = (performance.now() - since) / rounds;

// Every non-empty subset of these fields is a shape of its own: 255 plans to compile.
const fields = ['id', 'title', 'summary', 'author', 'readTime', 'featured', 'publishedAt', 'status'] as const;
const shapes = 2 ** fields.length - 1;
since = performance.now();
for (let mask = 1; mask <= shapes; mask++) {
  const select = Object.fromEntries(fields.filter((_, bit) => mask & (1 << bit)).map((field) => [field, true]));
  await db.insight.findMany({ where: { status: 'published' }, take: 3, select });
}
const newShapeMs = (performance.now() - since) / shapes;

console.log(
  `query compiler: first query ${firstQueryMs.toFixed(0)} ms, a repeated shape ${repeatedShapeMs.toFixed(3)} ms, a new shape ${newShapeMs.toFixed(3)} ms; ` +
    `resident ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`,
);
await db.$disconnect();
await database.remove();
