import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.mjs';
import { withRealClock } from '../outside-clock.mjs';

/** Debian's `radicale` package (apt-get install radicale; .ci/run installs it), or RADICALE_BINARY. */
export function radicaleBinary() {
  return process.env.RADICALE_BINARY || '/usr/bin/radicale';
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A real CalDAV server for tests and benchmarks: Radicale on a free 127.0.0.1 port, with a temporary storage folder and
 * an htpasswd file of `users` (name → app password). `stop()` and `start()` take it down and up again on the same port
 * and storage (a calendar server outage); `remove()` stops it and deletes its folder. `folder` holds the storage
 * (default the system's temporary folder; the benchmark uses /dev/shm, where Radicale's fsync per item costs nothing).
 */
export async function startRadicale({ users = { consultant: 'radicale-app-password' }, folder = os.tmpdir() } = {}) {
  const binary = radicaleBinary();
  if (!existsSync(binary)) throw new Error(`Radicale is not installed (${binary}): apt-get install -y radicale`);
  const dir = mkdtempSync(path.join(folder, 'toc-radicale-'));
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'users'),
    Object.entries(users)
      .map(([name, password]) => `${name}:${password}\n`)
      .join(''),
  );
  // Rights from a file Radicale reads on each request: owner_only's rules (Radicale's documented equivalent), and
  // before them the calendars `makeReadOnly` names, which their owner may then only read.
  const readOnly = [];
  const writeRights = () =>
    writeFileSync(
      path.join(dir, 'rights'),
      [
        ...readOnly.flatMap((collection, index) => [`[read-only-${index}]`, 'user: .+', `collection: ${collection}`, 'permissions: r', '']),
        '[root]\nuser: .+\ncollection:\npermissions: R\n',
        '[principal]\nuser: .+\ncollection: {user}\npermissions: RW\n',
        '[calendars]\nuser: .+\ncollection: {user}/[^/]+\npermissions: rw\n',
      ].join('\n'),
    );
  writeRights();
  writeFileSync(
    path.join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[rights]',
      'type = from_file',
      `file = ${path.join(dir, 'rights')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  let child = null;
  let output = '';
  const origin = `http://127.0.0.1:${port}`;

  async function start() {
    if (child) return;
    // An outside server with its own clock, so not under the suite's faketime: Radicale's _clean_history compares the
    // faked time with real file times and, a year ahead, throws away the sync-token history of what a test just wrote.
    child = spawn(binary, ['--config', path.join(dir, 'config')], { stdio: ['ignore', 'pipe', 'pipe'], env: withRealClock() });
    running.add(child);
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 15_000;
    while (!(await listening(port))) {
      if (child.exitCode !== null) throw new Error(`Radicale exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`Radicale did not listen on ${port}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop() {
    if (!child) return;
    const exiting = child;
    child = null;
    const exited = new Promise((resolve) => exiting.once('exit', resolve));
    exiting.kill('SIGTERM');
    await exited;
    running.delete(exiting);
  }

  function request(user, method, pathname, { body, headers = {} } = {}) {
    return fetch(`${origin}${pathname}`, {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${user}:${users[user]}`).toString('base64')}`, ...headers },
      body,
    });
  }

  async function ok(response, what) {
    if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
    return response;
  }

  await start();
  return {
    origin,
    hostPort: `127.0.0.1:${port}`,
    users,
    output: () => output,
    start,
    stop,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    /** The URL of one of `user`'s calendars. */
    calendarUrl: (user, calendar) => `${origin}/${user}/${calendar}/`,
    async makeCalendar(user, calendar, displayName = calendar) {
      const body = `<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${displayName}</D:displayname><C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>`;
      await ok(await request(user, 'MKCALENDAR', `/${user}/${calendar}/`, { body, headers: { 'content-type': 'application/xml' } }), 'MKCALENDAR');
    },
    /** From now on `user` may only read `calendar` (its CalDAV privileges say so too). */
    makeReadOnly(user, calendar) {
      readOnly.push(`${user}/${calendar}`);
      writeRights();
    },
    async putEvent(user, calendar, name, ics) {
      const response = await ok(
        await request(user, 'PUT', `/${user}/${calendar}/${name}.ics`, { body: ics, headers: { 'content-type': 'text/calendar' } }),
        'PUT',
      );
      return response.headers.get('etag');
    },
    /** Replaces a whole calendar with one upload (Radicale splits it into one object per UID): fast seeding. */
    async putCalendar(user, calendar, ics) {
      await ok(await request(user, 'PUT', `/${user}/${calendar}/`, { body: ics, headers: { 'content-type': 'text/calendar' } }), 'PUT calendar');
    },
    async deleteEvent(user, calendar, name) {
      await ok(await request(user, 'DELETE', `/${user}/${calendar}/${name}.ics`), 'DELETE');
    },
    /** The iCalendar texts of every object in a calendar, by file name. */
    async events(user, calendar) {
      const report = `<?xml version="1.0" encoding="utf-8"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>`;
      const response = await ok(
        await request(user, 'REPORT', `/${user}/${calendar}/`, { body: report, headers: { depth: '1', 'content-type': 'application/xml' } }),
        'REPORT',
      );
      const xml = await response.text();
      const found = {};
      for (const match of xml.matchAll(
        /<(?:\w+:)?href>[^<]*\/([^/<]+)\.ics<\/(?:\w+:)?href>[\s\S]*?<(?:\w+:)?calendar-data>([\s\S]*?)<\/(?:\w+:)?calendar-data>/gi,
      )) {
        found[decodeURIComponent(match[1])] = match[2].replace(/&#13;/g, '\r').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      }
      return found;
    },
  };
}
