// The shipped deploy/nginx.conf, run for tests and benchmarks: on a free port, in front of the given instances, with a
// prefix of its own (pid, logs, temp files, cache) so it runs beside any other nginx and leaves nothing behind.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

export const SHIPPED_NGINX_CONFIG = path.resolve(import.meta.dirname, '../deploy/nginx.conf');

/** The nginx binary (NGINX_BINARY, the PATH, or Debian's /usr/sbin/nginx), or null when none is installed. */
export function findNginx() {
  const candidates = [process.env.NGINX_BINARY, ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'nginx')), '/usr/sbin/nginx'];
  for (const candidate of candidates.filter(Boolean)) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function replaceOnce(text, pattern, replacement, what) {
  if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer has ${what}; update test-support/nginx.mjs`);
  return text.replace(pattern, replacement);
}

/** Where certbot's files and its webroot are in the shipped file. */
const CERTIFICATE_DIR = /\/etc\/letsencrypt\/live\/example\.com\//g;
const ACME_ROOT = /\/var\/www\/letsencrypt/g;

/**
 * The shipped site configuration with what belongs to one machine replaced: the cache directory, certbot's files and
 * webroot (`tlsDir`, `acmeRoot`) always, the instances and the listening ports when given. `tls: false` serves the
 * proxy's server block without TLS (benchmarks, and tests of the proxying itself). Each part must be found, so a
 * change of the file's shape fails loudly here instead of testing something else.
 */
export function siteConfig({ cacheDir, tlsDir, acmeRoot, upstreams, ports, tls = true, perAddressLimit = true }) {
  let text = readFileSync(SHIPPED_NGINX_CONFIG, 'utf8');
  text = replaceOnce(text, /\/var\/cache\/nginx\/throughline/, cacheDir, 'the cache path /var/cache/nginx/throughline');
  text = replaceOnce(text, CERTIFICATE_DIR, `${tlsDir}/`, "certbot's certificate folder");
  text = replaceOnce(text, ACME_ROOT, acmeRoot, "certbot's webroot");
  if (upstreams) {
    text = replaceOnce(
      text,
      /( *server 127\.0\.0\.1:\d+ [^\n]*\n)+/,
      upstreams.map((address) => `    server ${address};\n`).join(''),
      'the upstream server lines',
    );
  }
  if (ports) {
    text = replaceOnce(text, / *listen 80;\n *listen \[::\]:80;\n/, `    listen 127.0.0.1:${ports.http};\n`, 'the port 80 listen lines');
    const httpsListen = tls ? `    listen 127.0.0.1:${ports.https} ssl http2;\n` : `    listen 127.0.0.1:${ports.https};\n`;
    text = replaceOnce(text, / *listen 443 ssl http2;\n *listen \[::\]:443 ssl http2;\n/, httpsListen, 'the port 443 listen lines');
  }
  if (!perAddressLimit) text = replaceOnce(text, / *limit_req zone=throughline_per_client [^\n]*\n/, '', 'the limit_req line');
  return text;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made with openssl, under the names certbot gives its files
 * (fullchain.pem, privkey.pem, chain.pem). Returns the certificate's PEM, for clients that trust it.
 */
export function selfSignedCertificate(dir) {
  mkdirSync(dir, { recursive: true });
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'privkey.pem'),
      '-out',
      path.join(dir, 'fullchain.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  copyFileSync(path.join(dir, 'fullchain.pem'), path.join(dir, 'chain.pem'));
  return readFileSync(path.join(dir, 'fullchain.pem'), 'utf8');
}

/** A main configuration around the site: pid, logs and temp files under `dir`. */
function mainConfig(dir, siteFile) {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind}_temp;`).join('\n');
  return `worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  include ${siteFile};
}
`;
}

function prepare(site = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-nginx-'));
  const tlsDir = path.join(dir, 'tls');
  const acmeRoot = path.join(dir, 'acme');
  const certificate = selfSignedCertificate(tlsDir);
  mkdirSync(path.join(acmeRoot, '.well-known', 'acme-challenge'), { recursive: true });
  writeFileSync(path.join(dir, 'site.conf'), siteConfig({ cacheDir: path.join(dir, 'cache'), tlsDir, acmeRoot, ...site }));
  writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir, path.join(dir, 'site.conf')));
  const args = ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  return { dir, args, certificate, acmeRoot };
}

/** `nginx -t` on the shipped configuration (only the cache directory moved to a temporary one). */
export function testNginxConfig(nginx) {
  const { dir, args } = prepare();
  const checked = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  return { ok: checked.status === 0, output: `${checked.stdout}${checked.stderr}` };
}

function waitForPort(port, child, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited with ${child.exitCode}`));
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve();
      });
      socket.on('error', () => (Date.now() > deadline ? reject(new Error('nginx did not listen in time')) : setTimeout(attempt, 50)));
    };
    attempt();
  });
}

/**
 * The shipped configuration serving on free 127.0.0.1 ports in front of `upstreams` (`host:port` each): `baseUrl` is
 * the proxying server (https with `tls: true`, with a self-signed `certificate`; plain http otherwise), `httpUrl` the
 * port-80 server (redirects, ACME challenges under `acmeRoot`). `perAddressLimit: false` drops the per-address
 * limit_req, for benchmarks whose one client is a flood by design.
 */
export async function startNginx({ nginx, upstreams, perAddressLimit = true, tls = false }) {
  const ports = { http: await freePort(), https: await freePort() };
  const port = ports.https;
  const { dir, args, certificate, acmeRoot } = prepare({ upstreams, ports, tls, perAddressLimit });
  // It keeps the test's clock, faketime's too: in production nginx runs beside the app on one machine, and its cache
  // reads the app's Date and Expires against its own clock (unlike the outside servers of test-support/outside-clock.mjs).
  const child = spawn(nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const kill = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  try {
    await waitForPort(port, child);
  } catch (error) {
    kill();
    throw new Error(`${error.message}\n${output}${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
  }
  return {
    baseUrl: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    httpUrl: `http://127.0.0.1:${ports.http}`,
    certificate,
    acmeRoot,
    errorLog: () => readFileSync(path.join(dir, 'error.log'), 'utf8'),
    async stop() {
      const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
      child.kill('SIGQUIT'); // graceful: finish the requests in flight
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
