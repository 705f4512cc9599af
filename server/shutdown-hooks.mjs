/**
 * Work the web server waits for before its process exits on SIGTERM, beside its own requests in flight: under
 * `npm start` the job runner thread finishing its jobs (server/start.mjs registers it).
 */
const hooks = [];

export function beforeWebServerExit(hook) {
  hooks.push(hook);
}

export function runBeforeWebServerExit() {
  return Promise.all(hooks.map((hook) => hook()));
}
