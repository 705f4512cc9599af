import { BroadcastChannel } from 'node:worker_threads';

/** The channel between the web server's requests and the runner thread that `npm start` runs in the same process. */
const JOBS_WAKE_CHANNEL = 'throughline:jobs:wake';

let wakeChannel: BroadcastChannel | undefined;

/**
 * Tells the job runner that work was just committed, so it starts now instead of at its next poll:
 * - under `npm start` the runner is a worker thread of the web server's process (server/runner-thread.mjs), and a
 *   BroadcastChannel reaches it;
 * - under the test servers (server/serve.mjs) the web server and the runner are sibling processes and the parent
 *   relays the IPC message.
 * Elsewhere (a web-only instance) nobody listens and the runner finds the job at its next poll. It is only a hint: the
 * job is already safe in the database.
 */
export function wakeJobRunner(): void {
  if (typeof process.send === 'function' && process.connected) {
    process.send({ type: 'jobs:wake' }, undefined, undefined, () => {
      // A parent that went away is not our concern here; the runner polls anyway.
    });
  }
  if (!wakeChannel) {
    wakeChannel = new BroadcastChannel(JOBS_WAKE_CHANNEL);
    // Never what keeps a process alive.
    wakeChannel.unref();
  }
  wakeChannel.postMessage('wake');
}

/** The runner thread's side of wakeJobRunner. Returns a function that stops listening. */
export function onJobsWake(listener: () => void): () => void {
  const channel = new BroadcastChannel(JOBS_WAKE_CHANNEL);
  channel.unref();
  channel.onmessage = () => listener();
  return () => channel.close();
}
