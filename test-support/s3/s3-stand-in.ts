import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an S3-compatible store on 127.0.0.1, for tests: the official SDK (@aws-sdk/client-s3) talks to it
 * through MEDIA_S3_ENDPOINT with path-style addresses, exactly as it talks to MinIO or AWS. It checks every request's
 * Signature Version 4 (written out here from AWS's description, not with the SDK's own signer, so a signing mistake
 * cannot hide) and its payload hash, and answers the four object calls the media storage makes, with S3's XML errors.
 */
export interface S3Object {
  bytes: Buffer;
  contentType: string;
}

export interface RecordedS3Request {
  method: string;
  bucket: string;
  key: string;
  query: string;
}

export interface S3StandIn {
  /** For MEDIA_S3_ENDPOINT (with MEDIA_S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What is stored, by full key (prefix included). */
  objects: Map<string, S3Object>;
  requests: RecordedS3Request[];
  /** The next `count` requests get 500 InternalError, as a store in trouble answers. */
  failNext(count?: number): void;
  /** MEDIA_S3_* settings of a server or adapter that uses this stand-in. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 canonicalizes query parameters. */
const uriEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(rawQuery: string): string {
  if (rawQuery === '') return '';
  return rawQuery
    .split('&')
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Null when the request is signed by `secret` for `region`; otherwise why not. */
function signatureProblem(request: http.IncomingMessage, body: Buffer, accessKeyId: string, secret: string, region: string): string | null {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
  if (!match) return 'no Signature Version 4 authorization header';
  const [, keyId, day, signedRegion, signedHeaders, signature] = match as unknown as string[];
  if (keyId !== accessKeyId) return `unknown access key ${keyId}`;
  if (signedRegion !== region) return `signed for region ${signedRegion}`;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day!)) return 'x-amz-date is not the day of the credential scope';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) return 'the body does not match x-amz-content-sha256';
  const names = signedHeaders!.split(';');
  if (!names.includes('host')) return 'the host header is not signed';
  const [path = '/', rawQuery = ''] = (request.url ?? '/').split(/\?(.*)/s);
  const headerLines = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [request.method, path, canonicalQuery(rawQuery), headerLines, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region), 's3'), 'aws4_request');
  const expected = hmac(key, stringToSign);
  return timingSafeEqual(expected, Buffer.from(signature!, 'hex')) ? null : 'the signature does not match';
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function s3Error(response: http.ServerResponse, status: number, code: string, message: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/** The keys of a DeleteObjects body (`<Delete><Object><Key>…</Key></Object>…</Delete>`). */
function keysToDelete(xml: string): string[] {
  return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map(([, key]) =>
    key!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

export async function startS3StandIn({ bucket = 'media-test', region = 'us-east-1' } = {}): Promise<S3StandIn> {
  const accessKeyId = 'TESTACCESSKEY0000001';
  const secretAccessKey = 'test-secret-access-key-0123456789abcdefgh';
  const objects = new Map<string, S3Object>();
  const requests: RecordedS3Request[] = [];
  let failures = 0;

  function handle(request: http.IncomingMessage, body: Buffer, response: http.ServerResponse): void {
    const [path = '/', query = ''] = (request.url ?? '/').split(/\?(.*)/s);
    const [, requestBucket = '', ...keyParts] = path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    requests.push({ method: request.method ?? '', bucket: requestBucket, key, query });
    if (failures > 0) {
      failures -= 1;
      return s3Error(response, 500, 'InternalError', 'We encountered an internal error. Please try again.');
    }
    const problem = signatureProblem(request, body, accessKeyId, secretAccessKey, region);
    if (problem) return s3Error(response, 403, 'SignatureDoesNotMatch', problem);
    if (requestBucket !== bucket) return s3Error(response, 404, 'NoSuchBucket', `The bucket ${requestBucket} does not exist`);

    if (request.method === 'POST' && /(^|&)delete(=|&|$)/.test(query)) {
      for (const deleted of keysToDelete(body.toString('utf8'))) objects.delete(deleted);
      const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></DeleteResult>';
      response.writeHead(200, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
      return void response.end(xml);
    }
    if (key === '') return s3Error(response, 400, 'InvalidRequest', 'This stand-in serves object requests only');
    const object = objects.get(key);
    switch (request.method) {
      case 'PUT': {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, { bytes: body, contentType: String(request.headers['content-type'] ?? 'binary/octet-stream') });
        response.writeHead(200, { etag, 'content-length': 0 });
        return void response.end();
      }
      case 'GET':
      case 'HEAD': {
        if (!object) return s3Error(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.bytes.length,
          etag: `"${createHash('md5').update(object.bytes).digest('hex')}"`,
        });
        return void response.end(request.method === 'GET' ? object.bytes : undefined);
      }
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204);
        return void response.end();
      default:
        return s3Error(response, 405, 'MethodNotAllowed', `${request.method} is not allowed here`);
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    failNext(count = 1) {
      failures += count;
    },
    env: (prefix = '') => ({
      MEDIA_STORAGE: 's3',
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_REGION: region,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_PREFIX: prefix,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
