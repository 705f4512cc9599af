import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { createTestDatabase, startTestServer } from '../test-support/test-server.mjs';
import { findProcessNamed, residentBytes } from '../test-support/process-memory.mjs';
import { runOrThrow } from '../server/run.mjs';

/** Deterministic pseudo-random numbers (mulberry32), so two runs draw the same queries. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function measure(baseUrl, target, { connections, seconds, warmUp = true }) {
  const options = { url: baseUrl, connections, requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: target.path() }) }] };
  // JIT, caches and the database pages warm up first; that run is not reported.
  if (warmUp) await autocannon({ ...options, duration: Math.min(2, seconds) });
  const result = await autocannon({ ...options, duration: seconds });
  console.log(
    `${target.name.padEnd(48)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  ` +
      `p99 ${String(result.latency.p99).padStart(4)} ms  (${result['2xx']} 2xx, ${result.non2xx} other, ${result.errors} errors)`,
  );
  return result.requests.average;
}

const ROUNDS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Random search against /v1/services of the same server, in alternating rounds: the machine may be
 * shared, and load from elsewhere then weighs on both sides of each round's ratio alike.
 */
async function searchToServicesRatio(baseUrl, services, search, { connections, seconds }) {
  const ratios = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const options = { connections, seconds: seconds / ROUNDS, warmUp: round === 1 };
    const servicesRate = await measure(baseUrl, { ...services, name: `${services.name} (round ${round})` }, options);
    const searchRate = await measure(baseUrl, { ...search, name: `${search.name} (round ${round})` }, options);
    ratios.push(searchRate / servicesRate);
  }
  return { ratio: median(ratios), ratios };
}

/**
 * `npm run bench -- --insights N`: a database whose published insights are the seed's copied to at
 * least N (bench/replicate-insights.ts, through the domain's import), the production build on
 * it, then random two-word searches against /v1/services of that same server, random searches whose last word is
 * still being typed, one repeated search, a deep list page, and the server's resident memory before and after.
 */
export async function benchInsightsAtScale({ insights, connections, seconds }) {
  const database = await createTestDatabase('toc-bench-');
  try {
    const facts = path.join(database.dir, 'bench-facts.json');
    const started = Date.now();
    await runOrThrow(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/replicate-insights.ts', '--insights', String(insights), '--out', facts], {
      env: { ...process.env, DATABASE_URL: database.databaseUrl },
      quiet: true,
    });
    const { published, vocabulary } = JSON.parse(readFileSync(facts, 'utf8'));
    console.log(`database: ${published} published insights, built in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const server = await startTestServer({ database });
    const serverMemory = () => {
      const pid = findProcessNamed(server.pid, 'next-server') ?? server.pid;
      const rss = residentBytes(pid);
      return rss === null ? 'unknown (no /proc)' : `${(rss / 2 ** 20).toFixed(0)} MiB (pid ${pid})`;
    };
    try {
      console.log(`next-server resident memory once serving: ${serverMemory()}`);
      const random = seededRandom(13);
      const word = () => vocabulary[Math.floor(random() * vocabulary.length)];
      const drawn = new Set();
      const randomSearch = () => {
        const q = `${word()} ${word()}`;
        drawn.add(q);
        return `/v1/insights/search?q=${encodeURIComponent(q)}`;
      };
      const fixed = (p) => () => p;
      const options = { connections, seconds };
      console.log(`autocannon: ${connections} connections, ${seconds} s per target (after a warm-up), against ${server.baseUrl}`);
      const { ratio, ratios } = await searchToServicesRatio(
        server.baseUrl,
        { name: 'GET /v1/services', path: fixed('/v1/services') },
        { name: `search, 2 words of ${vocabulary.length}`, path: randomSearch },
        options,
      );
      console.log(`  (${drawn.size} distinct random queries)`);
      // Search as you type: a word, then another cut after 2 to all of its letters, often past its stem ("evaporat").
      const typingRandom = seededRandom(7);
      const typingSearch = () => {
        const typed = vocabulary[Math.floor(typingRandom() * vocabulary.length)];
        const q = `${vocabulary[Math.floor(typingRandom() * vocabulary.length)]} ${typed.slice(0, 2 + Math.floor(typingRandom() * (typed.length - 1)))}`;
        return `/v1/insights/search?q=${encodeURIComponent(q)}`;
      };
      await measure(server.baseUrl, { name: 'search, a word and one being typed', path: typingSearch }, options);
      await measure(server.baseUrl, { name: 'search, one repeated query', path: fixed('/v1/insights/search?q=buffer%20management') }, options);
      await measure(server.baseUrl, { name: 'GET /v1/insights?offset=5000', path: fixed('/v1/insights?offset=5000') }, options);
      console.log(`random search / services: ${ratio.toFixed(2)}, median of ${ratios.map((r) => r.toFixed(2)).join(', ')} (goal ≥ 0.5)`);
      console.log(`next-server resident memory after the run: ${serverMemory()}`);
    } finally {
      await server.stop();
    }
  } finally {
    database.remove();
  }
}
