import fc from 'fast-check';
import type { FuzzRequest } from './operation-requests';

/**
 * Requests to the media library's routes: its files (/media/{hash}/{width}.{format}) with real and made-up hashes,
 * widths and formats, conditional and other methods; uploads (POST /staff/media/upload) without a session, from
 * this site or another or none, with bodies that are and are not forms; and the social cards of pages.
 */
export function mediaRequests(known: { files: string[]; cards: string[] }, siteOrigin: string): fc.Arbitrary<FuzzRequest> {
  const hash = fc.oneof(
    fc.constantFrom(...known.files.map((file) => file.split('/')[2]!)),
    fc.stringMatching(/^[0-9a-f]{32}$/),
    fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/),
  );
  const width = fc.oneof(fc.constantFrom(320, 640, 960, 1280, 1920), fc.integer({ min: -5, max: 100_000 }), fc.constantFrom('x', '0320', '1e3', ''));
  const format = fc.oneof(fc.constantFrom('avif', 'webp', 'jpg'), fc.constantFrom('png', 'svg', 'JPG', 'html', 'jpg.html', ''));
  const fileRequest = fc.record({
    method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'DELETE'),
    path: fc.oneof(
      fc.constantFrom(...known.files),
      fc.tuple(hash, width, format).map(([h, w, f]) => `/media/${h}/${w}.${f}`),
    ),
    headers: fc.oneof(fc.constant({}), fc.record({ 'if-none-match': fc.oneof(fc.string({ maxLength: 60 }), fc.constant('*')) })),
  });
  const boundary = 'fuzzboundary';
  const formBody = (bytes: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${bytes}\r\n--${boundary}--\r\n`;
  const uploadRequest = fc.record({
    method: fc.constant('POST'),
    path: fc.constant('/staff/media/upload'),
    headers: fc.record({
      'content-type': fc.constantFrom(`multipart/form-data; boundary=${boundary}`, 'application/json', 'text/plain'),
      accept: fc.constantFrom('application/json', 'text/html'),
      origin: fc.constantFrom(siteOrigin, 'https://evil.example', 'null'),
    }),
    body: fc.oneof(fc.string({ maxLength: 200 }).map(formBody), fc.string({ maxLength: 200 })),
  });
  const cardRequest = fc.record({ method: fc.constantFrom('GET', 'HEAD'), path: fc.constantFrom(...known.cards), headers: fc.constant({}) });
  return fc.oneof({ arbitrary: fileRequest, weight: 3 }, { arbitrary: uploadRequest, weight: 2 }, { arbitrary: cardRequest, weight: 1 });
}
