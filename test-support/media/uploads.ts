import { randomBytes } from 'node:crypto';

export interface UploadFile {
  bytes: Uint8Array;
  /** The name the browser sends; the server never trusts it. */
  name: string;
  /** The Content-Type the browser claims for the part; the server never trusts it either. */
  type?: string;
}

/** A multipart/form-data body as a browser's form sends it: the `file` part, then any text fields. */
export function multipartBody(file: UploadFile, fields: Record<string, string> = {}): { body: Buffer; contentType: string } {
  const boundary = `----throughline${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from('\r\n'),
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadOptions {
  cookie?: string;
  /** The Origin header (null: none), this site's by default, as a browser sends it. */
  origin?: string | null;
  /** JSON, as the library page's script asks; `text/html` as a form posted without JavaScript. */
  accept?: string;
  replace?: string;
}

/** POST /staff/media/upload the way the media library page does. */
export function uploadMedia(
  baseUrl: string,
  file: UploadFile,
  { cookie, origin = baseUrl, accept = 'application/json', replace }: UploadOptions = {},
): Promise<Response> {
  const { body, contentType } = multipartBody(file, replace ? { replace } : {});
  return fetch(`${baseUrl}/staff/media/upload`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': contentType, accept, ...(origin === null ? {} : { origin }), ...(cookie ? { cookie } : {}) },
    body: new Uint8Array(body),
  });
}
