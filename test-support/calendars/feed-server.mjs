import { createHash } from 'node:crypto';
import { createServer } from 'node:http';

/**
 * A read-only iCalendar feed on 127.0.0.1, as Google or Outlook serve a secret address: GET /<secret>.ics answers the
 * current text with an ETag and honours If-None-Match with 304; any other path is 404. `set(text)` changes it.
 */
export function serveFeed({ secret = 'private-feed-secret', ics = '', contentType = 'text/calendar; charset=utf-8' } = {}) {
  let text = ics;
  let type = contentType;
  const log = [];
  const server = createServer((request, response) => {
    log.push({ path: request.url, ifNoneMatch: request.headers['if-none-match'] ?? null });
    if (request.url !== `/${secret}.ics`) return response.writeHead(404).end('not found');
    const etag = `"${createHash('sha256').update(text).digest('hex').slice(0, 16)}"`;
    if (request.headers['if-none-match'] === etag) return response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': type, etag, 'content-length': Buffer.byteLength(text) });
    response.end(text);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      const origin = `http://127.0.0.1:${port}`;
      resolve({
        origin,
        hostPort: `127.0.0.1:${port}`,
        url: `${origin}/${secret}.ics`,
        requests: () => [...log],
        set: (next, nextType = type) => {
          text = next;
          type = nextType;
        },
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}
