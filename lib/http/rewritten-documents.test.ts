import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, createGunzip, createGzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AFTER_FIRST_FRAME, createFirstFrameRewriter } from './first-frame-scripts.mjs';
import { asksForDocument, rewriteDocuments } from './rewritten-documents.mjs';

/**
 * The web server's rewrite of Next's HTML documents, over real HTTP. Next's side is played by a stand-in that writes a
 * document the way Next does: in pieces, gzip-compressed and flushed piece by piece when the client accepts gzip (as
 * Next's compression does, above the wrapper), plain otherwise, and JSON for the API.
 */
const NONCE = 'c3RhbmQtaW4tbm9uY2U';
const SHELL =
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${NONCE}"/>` +
  `<script src="/_next/static/chunks/main.js" async="" nonce="${NONCE}"></script></head><body><h1>Buffer management</h1>`;
const REST = `<p>Red means act today.</p><script src="/_next/static/chunks/page.js" nonce="${NONCE}" async=""></script></body></html>`;
const JSON_BODY = JSON.stringify({ data: [{ slug: 'dbr-implementation' }] });

function rewrittenWhole(html: string) {
  const rewriter = createFirstFrameRewriter();
  return rewriter.push(html) + rewriter.end();
}

/** Resolved by the client once it has read the shell: the stand-in writes the rest only then. */
let shellRead: () => void = () => {};
let waitForShell = false;

async function nextStandIn(request: http.IncomingMessage, response: http.ServerResponse) {
  if (request.url === '/v1/services') {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(JSON_BODY) });
    response.end(JSON_BODY);
    return;
  }
  if (request.url === '/broken-gzip') {
    // Bytes that say they are gzip and are not.
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip' });
    response.write(Buffer.from('not gzip at all, but long enough to be read as a header'));
    response.end();
    return;
  }
  const shellWritten = new Promise<void>((resolve) => (shellRead = resolve));
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  if (request.url === '/fixed-length') {
    const body = SHELL + REST;
    response.writeHead(200, { 'Content-Length': String(Buffer.byteLength(body)) });
    if (request.method === 'HEAD') return response.end();
    response.write(body.slice(0, 150));
    response.end(body.slice(150));
    return;
  }
  if (!(request.headers['accept-encoding'] ?? '').includes('gzip')) {
    response.write(SHELL);
    if (waitForShell) await shellWritten;
    response.end(REST);
    return;
  }
  response.setHeader('Content-Encoding', 'gzip');
  const gzip = createGzip();
  gzip.on('data', (bytes) => response.write(bytes));
  gzip.on('end', () => response.end());
  gzip.write(SHELL);
  gzip.flush(constants.Z_SYNC_FLUSH);
  if (waitForShell) await shellWritten;
  gzip.end(REST);
}

let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (asksForDocument(request)) rewriteDocuments(response);
    void nextStandIn(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  waitForShell = false;
});

/** A raw request: the status, headers and body bytes as sent, with the decoded text as it arrived, piece by piece. */
function get(path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer; text: string }>((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      let text = '';
      const decoded = response.headers['content-encoding'] === 'gzip' ? response.pipe(createGunzip()) : response;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      decoded.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('</h1>')) shellRead();
      });
      decoded.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, bytes: Buffer.concat(chunks), text }));
      decoded.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const BROWSER = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };

describe('asksForDocument', () => {
  it("is a browser's GET or HEAD for a document, not the client router's payload of one", () => {
    expect(asksForDocument({ method: 'GET', headers: { accept: 'text/html,*/*' } })).toBe(true);
    expect(asksForDocument({ method: 'HEAD', headers: { accept: 'TEXT/HTML' } })).toBe(true);
    expect(asksForDocument({ method: 'GET', headers: { accept: '*/*', rsc: '1' } })).toBe(false);
    expect(asksForDocument({ method: 'GET', headers: { accept: 'text/html', rsc: '1' } })).toBe(false);
    expect(asksForDocument({ method: 'GET', headers: { accept: 'text/html', 'next-router-state-tree': '%5B%5D' } })).toBe(false);
    expect(asksForDocument({ method: 'GET', headers: { accept: 'application/json' } })).toBe(false);
    expect(asksForDocument({ method: 'GET', headers: {} })).toBe(false);
    expect(asksForDocument({ method: 'POST', headers: { accept: 'text/html' } })).toBe(false);
  });
});

describe('rewriteDocuments', () => {
  it('rewrites a gzip document and sends it as gzip', async () => {
    const { status, headers, bytes } = await get('/insights', BROWSER);
    expect(status).toBe(200);
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['content-length']).toBeUndefined();
    const text = gunzipSync(bytes).toString();
    expect(text).toBe(rewrittenWhole(SHELL + REST));
    expect(text.split(`<template ${AFTER_FIRST_FRAME}>`)).toHaveLength(3);
  });

  it('rewrites a plain document', async () => {
    const { headers, text } = await get('/insights', { accept: 'text/html' });
    expect(headers['content-encoding']).toBeUndefined();
    expect(text).toBe(rewrittenWhole(SHELL + REST));
  });

  it('keeps a streamed document streaming: the shell arrives before the rest is written, gzip or not', async () => {
    waitForShell = true;
    for (const headers of [BROWSER, { accept: 'text/html' }]) {
      // Were the rewrite to wait for the whole document, the stand-in would never write the rest and this would time out.
      const { text } = await get('/insights', headers);
      expect(text).toBe(rewrittenWhole(SHELL + REST));
    }
  });

  it('drops a Content-Length given to writeHead, which the rewrite makes wrong, also for a HEAD', async () => {
    const { headers, text } = await get('/fixed-length', { accept: 'text/html' });
    expect(headers['content-length']).toBeUndefined();
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(text).toBe(rewrittenWhole(SHELL + REST));
    const head = await get('/fixed-length', { accept: 'text/html' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBeUndefined();
    expect(head.bytes.length).toBe(0);
  });

  it('ends the connection, rather than hang or send garbage, when a gzip answer cannot be inflated', async () => {
    await expect(get('/broken-gzip', BROWSER)).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('passes any other answer through untouched', async () => {
    const { headers, text } = await get('/v1/services', { accept: 'text/html' });
    expect(headers['content-type']).toBe('application/json');
    expect(headers['content-length']).toBe(String(Buffer.byteLength(JSON_BODY)));
    expect(text).toBe(JSON_BODY);
  });
});
