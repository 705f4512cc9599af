/**
 * Tells the job runner that work was just committed, so it starts now instead of at its next poll. Under
 * `npm start` the web server and the runner are sibling processes and the parent relays this message over
 * their IPC channels (server/serve.mjs). Elsewhere (a web-only instance, tests) it does nothing and the
 * runner finds the job at its next poll. It is only a hint: the job is already safe in the database.
 */
export function wakeJobRunner(): void {
  if (typeof process.send === 'function' && process.connected) {
    process.send({ type: 'jobs:wake' }, undefined, undefined, () => {
      // A parent that went away is not our concern here; the runner polls anyway.
    });
  }
}
