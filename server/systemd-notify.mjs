import { spawn } from 'node:child_process';

/**
 * sd_notify for a process that systemd started with Type=notify (NOTIFY_SOCKET set): READY=1 once the runner is up,
 * WATCHDOG=1 on every heartbeat it wrote to the database, STOPPING=1 when it stops. Node cannot send a datagram on a
 * Unix socket (node:dgram is UDP only, node:net streams only), and the npm packages that can are native addons built
 * at install; so each message goes through systemd's own `systemd-notify` (NotifyAccess=all in the unit lets a child
 * of the service speak for it). A message every heartbeat (10 s) costs one short-lived process. Without NOTIFY_SOCKET
 * (not under systemd, or a unit without Type=notify) nothing is sent.
 */
export function systemdNotifier(env = process.env, log = () => {}) {
  if (!env.NOTIFY_SOCKET) return { ready() {}, watchdog() {}, stopping() {} };
  const send = (...assignments) => {
    const child = spawn('systemd-notify', assignments, { stdio: 'ignore' });
    child.on('error', (error) => log(`systemd-notify failed: ${error.message}`));
  };
  return {
    ready: () => send('--ready', `--pid=${process.pid}`),
    watchdog: () => send(`--pid=${process.pid}`, 'WATCHDOG=1'),
    stopping: () => send(`--pid=${process.pid}`, 'STOPPING=1'),
  };
}
