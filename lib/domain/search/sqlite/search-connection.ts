import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { config } from '@/lib/config';
import { sqlitePathFromUrl } from '@/lib/db/driver-adapters';
import { processSingleton } from '@/lib/process-singleton';

/**
 * Search reads run on a search thread (search-worker.mjs), through its own read-only connection with
 * statements prepared once. better-sqlite3 is synchronous: ranking a few thousand matches takes a
 * millisecond or more, and on the web server's thread that would stall every other answer meanwhile.
 * On its own thread it overlaps with the rendering and serving of other requests. A plain message port,
 * not a pool library: piscina cost 86 µs of CPU per task here against 9 µs for a port, more than the
 * search it would carry. Through Prisma each raw query would cost about 0.3 ms of CPU before SQLite
 * starts. Writes to the index stay in the Prisma transaction that writes the rows; in WAL mode the
 * search connection sees each commit as soon as it is made.
 */

/** What a read answers: every row as an object, the first column of every row, or one value. */
export type SearchReadShape = 'rows' | 'column' | 'value';

// Plain JavaScript loaded by path at run time, never bundled (next.config.mjs keeps better-sqlite3 external).
const WORKER_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib', 'domain', 'search', 'sqlite', 'search-worker.mjs');

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface SearchThread {
  worker: Worker;
  pending: Map<number, Pending>;
}

type Answer = { id: number; result: unknown; error?: undefined } | { id: number; error: { message: string; code?: string } };

const state = processSingleton<{ thread?: SearchThread; nextId: number }>('sqlite-search-thread', () => ({ nextId: 0 }));

function startThread(): SearchThread {
  const worker = new Worker(WORKER_FILE);
  const thread: SearchThread = { worker, pending: new Map() };
  // Idle, the thread never holds the process open; with reads in flight it does (see searchRead).
  worker.unref();
  worker.on('message', (answer: Answer) => {
    const waiting = thread.pending.get(answer.id);
    if (!waiting) return;
    thread.pending.delete(answer.id);
    if (thread.pending.size === 0) worker.unref();
    if (answer.error) waiting.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    else waiting.resolve(answer.result);
  });
  // A thread that dies takes its reads with it: they fail, and the next read starts a new thread.
  const fail = (error: Error) => {
    if (state.thread === thread) state.thread = undefined;
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the search thread exited (${code})`)));
  return thread;
}

/**
 * Stops the search thread (tests, and a process that wants to end without waiting for idle threads):
 * reads in flight fail at once, and the next read starts a new thread.
 */
export async function stopSearchThread(): Promise<void> {
  const thread = state.thread;
  if (!thread) return;
  state.thread = undefined;
  for (const waiting of thread.pending.values()) waiting.reject(new Error('the search thread was stopped'));
  thread.pending.clear();
  await thread.worker.terminate();
}

/** Runs one read of the search index on the search thread. */
export function searchRead<T>(sql: string, params: (string | number)[], shape: SearchReadShape): Promise<T> {
  const databasePath = sqlitePathFromUrl(config().DATABASE_URL);
  const thread = (state.thread ??= startThread());
  const id = ++state.nextId;
  return new Promise<T>((resolve, reject) => {
    if (thread.pending.size === 0) thread.worker.ref();
    thread.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
    thread.worker.postMessage({ id, path: databasePath, sql, params, shape });
  });
}
