import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ApiResponse } from './contract';

/** How a body in each Content-Encoding the server sends is read back. */
const DECODERS: Record<string, (bytes: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };

/**
 * An HTTP request sent from a chosen local address. Linux answers for all of 127.0.0.0/8 on the loopback interface,
 * so each test can be a client of its own (127.0.0.2, 127.0.0.3 …) with a rate-limit budget of its own, apart from the
 * health checks that test servers poll from 127.0.0.1.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, localAddress, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const decode = DECODERS[response.headers['content-encoding'] ?? ''];
        const text = (decode && raw.length > 0 ? decode(raw) : raw).toString('utf8');
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of Array.isArray(value) ? value : [value ?? '']) responseHeaders.append(name, item);
        }
        const isJson = (response.headers['content-type'] ?? '').includes('application/json');
        resolve({ status: response.statusCode ?? 0, headers: responseHeaders, body: isJson && text ? JSON.parse(text) : text, text });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
