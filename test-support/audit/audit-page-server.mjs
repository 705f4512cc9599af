import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

/** The weak offer page the audit's own tests use: its findings are known (lib/website-audit/audit-page.test.ts). */
const PAGE = readFileSync(path.join(import.meta.dirname, './fixtures/weak-offer.html'));

/**
 * A small web site on 127.0.0.1 whose every path is the weak offer page, for the website audit to fetch in tests
 * and benchmarks. Loopback is refused by the audit unless AUDIT_ALLOWED_HOSTS names `hostPort`.
 */
export function serveAuditPage({ port = 0, host = '127.0.0.1' } = {}) {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    if (request.url === '/health') return response.writeHead(204).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': PAGE.length });
    response.end(PAGE);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), host, () => {
      const { port: bound } = server.address();
      resolve({
        origin: `http://${host}:${bound}`,
        hostPort: `${host}:${bound}`,
        requests: () => requests,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}
