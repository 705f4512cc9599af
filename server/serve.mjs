import { spawnWebServer, spawnWorker } from './processes.mjs';
import { restartBackoff } from './restart-backoff.mjs';

/**
 * The production server as `npm start` runs it: the web server (server/web-server.mjs) and, unless JOB_RUNNER=off, the job runner beside it.
 * When the web server commits work it sends "jobs:wake" over its IPC channel and this relays it to the runner, so
 * an idle runner starts the job at once instead of at its next poll; the runner's metrics ("metrics:snapshot") go the
 * other way, so the web server's /metrics shows them too. Returns handles to stop both and to learn when the web
 * server is gone.
 */
export function serve({ port, host, env = process.env, stdio = 'inherit', log = console.log }) {
  const web = spawnWebServer({ port, host, env, stdio });
  const runJobs = (env.JOB_RUNNER ?? 'on') !== 'off';
  let worker = null;
  let stopping = false;
  const backoff = restartBackoff();

  const startWorker = () => {
    worker = spawnWorker({ env, stdio });
    worker.on('message', (message) => {
      if (message?.type === 'metrics:snapshot' && web.connected) web.send(message, () => {});
    });
    const started = Date.now();
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      const delay = backoff.delayAfter(started);
      log(`job runner exited (${signal ?? code}); restarting in ${delay} ms`);
      setTimeout(() => !stopping && startWorker(), delay).unref();
    });
  };
  if (runJobs) startWorker();

  web.on('message', (message) => {
    if (message?.type === 'jobs:wake' && worker?.connected) worker.send(message, () => {});
  });

  const exited = (child) =>
    child && child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();

  return {
    web,
    get worker() {
      return worker;
    },
    /** Forwards `signal` to both processes and waits for both to exit. */
    async stop(signal = 'SIGTERM') {
      stopping = true;
      const children = [web, worker].filter(Boolean);
      for (const child of children) child.kill(signal);
      await Promise.all(children.map(exited));
    },
    webExited: exited(web),
  };
}
