// The JSON error envelope `{detail, code}` for answers the web server (server/web-server.mjs) gives by itself,
// before or without Next: the same shape and headers as every error of the app (lib/http/json-response.ts).

import { NON_DOCUMENT_POLICY } from '../security/security-headers.mjs';

// What Next's header rules give every data answer (next.config.mjs), on the answers this server writes itself.
const ERROR_HEADERS = {
  'content-type': 'application/json',
  'x-content-type-options': 'nosniff',
  'content-security-policy': NON_DOCUMENT_POLICY,
  'cache-control': 'no-store',
};

export function errorEnvelope(status, code, detail) {
  return { status, headers: ERROR_HEADERS, body: JSON.stringify({ detail, code }) };
}

const REASONS = { 400: 'Bad Request', 403: 'Forbidden', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

/** `content-type` → `Content-Type`, as Node writes the headers of its own answers. */
const headerCase = (name) => name.replace(/(^|-)([a-z])/g, (_, dash, letter) => `${dash}${letter.toUpperCase()}`);

/** A whole HTTP/1.1 response as text, for a socket the HTTP server has given up on; the connection then closes. */
export function rawResponse({ status, headers, body }) {
  const head = [`HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}`, ...Object.entries(headers).map(([name, value]) => `${headerCase(name)}: ${value}`)];
  head.push(`Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close');
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}
