import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { callServerAction } from '../../test-support/http/server-actions.mjs';
import { staffCookie } from '../../test-support/http/staff';
import { until } from '../../test-support/eventually';
import {
  decompressionBombPng,
  hasGps,
  jpegOf,
  jpegWithGps,
  noiseJpeg,
  pngOf,
  polyglotJpeg,
  svgWithScript,
  truncatedJpeg,
} from '../../test-support/media/image-fixtures';
import { uploadMedia } from '../../test-support/media/uploads';

/**
 * The media library over HTTP, against the production build: uploads through POST /staff/media/upload (as the staff
 * page sends them), processing by the server's job runner, the files at /media/{hash}/{width}.{format}, and what a
 * hostile file gets. The server keeps its files in its database (MEDIA_STORAGE=database, the default).
 */
const database = serverDatabase();
afterAll(() => database.close());

let marketing: string;
beforeAll(async () => {
  marketing = await staffCookie('marketing');
});

interface Uploaded {
  id: string;
  name: string;
  type: string;
  width: number;
  height: number;
  status: string;
  editUrl: string;
}

interface VariantRow {
  rendition: string;
  hash: string;
  slot: number;
  width: number;
  height: number;
  format: string;
  contentType: string;
  storageKey: string;
}

const counts = async () => ({
  assets: (await database.get<{ n: number }>('SELECT COUNT(*) AS n FROM "MediaAsset"'))!.n,
  blobs: (await database.get<{ n: number }>('SELECT COUNT(*) AS n FROM "MediaBlob"'))!.n,
});

async function upload(bytes: Uint8Array, name: string, type = 'application/octet-stream', replace?: string) {
  const response = await uploadMedia(baseUrl(), { bytes, name, type }, { cookie: marketing, replace });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

const MAX_BYTES = 15 * 1024 * 1024;
/** A file past MEDIA_MAX_BYTES, whether its Content-Length or its bytes told. */
const TOO_LARGE = {
  detail: 'The upload is larger than the library takes (15 MB per file). Nothing was stored.',
  code: 'PAYLOAD_TOO_LARGE',
  maxBytes: MAX_BYTES,
};

/** Waits for the server's job runner to make the image's files; its file rows then. */
async function processed(id: string): Promise<VariantRow[]> {
  await until(
    async () => (await database.get<{ status: string }>('SELECT status FROM "MediaAsset" WHERE id = ?', id))?.status === 'ready',
    `image ${id} processed`,
  );
  return database.all<VariantRow>(
    'SELECT rendition, hash, slot, width, height, format, "contentType", "storageKey" FROM "MediaVariant" WHERE "mediaId" = ? ORDER BY rendition, slot, format',
    id,
  );
}

/** A new image's answer: 201 with its new id, what the bytes are, and where staff describe it. */
function expectNewImage(answer: Awaited<ReturnType<typeof upload>>, expected: Pick<Uploaded, 'name' | 'type' | 'width' | 'height'>): Uploaded {
  expect(answer.status).toBe(201);
  const body = answer.body as unknown as Uploaded;
  expect(body).toEqual({
    id: expect.stringMatching(/^med_[A-Za-z0-9_-]{22}$/) as string,
    ...expected,
    status: 'processing',
    editUrl: `/staff/media/${body.id}`,
  });
  return body;
}

const fetchFile = (path: string, headers: Record<string, string> = {}) => fetch(`${baseUrl()}${path}`, { headers });

describe('uploading to the media library', () => {
  it('takes a JPEG, answers at once, and the job runner makes every width in AVIF, WebP and JPEG', async () => {
    const answer = await upload(await jpegOf(1400, 1000), 'Line 4 retrofit.jpg', 'image/jpeg');
    const body = expectNewImage(answer, { name: 'Line 4 retrofit.jpg', type: 'image/jpeg', width: 1400, height: 1000 });
    const rows = await processed(body.id);
    expect(rows.map((row) => `${row.rendition} ${row.slot}.${row.format} ${row.width}x${row.height} ${row.contentType}`)).toEqual([
      'full 320.avif 320x229 image/avif',
      'full 320.jpg 320x229 image/jpeg',
      'full 320.webp 320x229 image/webp',
      'full 640.avif 640x457 image/avif',
      'full 640.jpg 640x457 image/jpeg',
      'full 640.webp 640x457 image/webp',
      'full 960.avif 960x686 image/avif',
      'full 960.jpg 960x686 image/jpeg',
      'full 960.webp 960x686 image/webp',
      'full 1280.avif 1280x914 image/avif',
      'full 1280.jpg 1280x914 image/jpeg',
      'full 1280.webp 1280x914 image/webp',
      'square 320.avif 320x320 image/avif',
      'square 320.jpg 320x320 image/jpeg',
      'square 320.webp 320x320 image/webp',
      'square 640.avif 640x640 image/avif',
      'square 640.jpg 640x640 image/jpeg',
      'square 640.webp 640x640 image/webp',
    ]);
    // The image has no alt text yet: it is in the library, marked as needing it.
    const page = await (await fetch(`${baseUrl()}/staff/media?q=${encodeURIComponent('Line 4 retrofit')}`, { headers: { cookie: marketing } })).text();
    expect(page).toContain('Line 4 retrofit.jpg');
    expect(page).toContain('Needs alt text');
  });

  it('serves each file with its stored type, a year of immutable caching, an ETag and nosniff', async () => {
    const { body } = await upload(await pngOf(700, 400), 'diagram.png', 'image/png');
    const rows = await processed(String(body.id));
    for (const row of rows.filter((r) => r.rendition === 'full')) {
      const path = `/media/${row.hash}/${row.slot}.${row.format}`;
      const response = await fetchFile(path);
      expect(response.status, path).toBe(200);
      expect(Object.fromEntries(['cache-control', 'content-type', 'etag', 'x-content-type-options'].map((name) => [name, response.headers.get(name)]))).toEqual(
        {
          'cache-control': 'public, max-age=31536000, immutable',
          'content-type': row.contentType,
          etag: `"${row.hash}-${row.slot}.${row.format}"`,
          'x-content-type-options': 'nosniff',
        },
      );
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([{ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[row.format], row.width, row.height]);
    }
    const first = rows.find((row) => row.rendition === 'full' && row.format === 'webp')!;
    const etag = `"${first.hash}-${first.slot}.webp"`;
    const notModified = await fetchFile(`/media/${first.hash}/${first.slot}.webp`, { 'if-none-match': etag });
    expect([notModified.status, notModified.headers.get('etag'), await notModified.text()]).toEqual([304, etag, '']);
    const head = await fetch(`${baseUrl()}/media/${first.hash}/${first.slot}.webp`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'image/webp', '']);
  });

  it('serves nothing outside the fixed widths and formats, nor an address no image has', async () => {
    const [row] = await database.all<VariantRow>(
      `SELECT hash, slot, format FROM "MediaVariant" WHERE "mediaId" = 'buffer-fever-chart' AND format = 'jpg' LIMIT 1`,
    );
    for (const path of [
      `/media/${row!.hash}/500.jpg`,
      `/media/${row!.hash}/1920.jpg`, // in the list, but the diagram is narrower: never made
      `/media/${row!.hash}/${row!.slot}.png`,
      `/media/${row!.hash}/${row!.slot}.svg`,
      `/media/${row!.hash}/${row!.slot}.JPG`,
      `/media/${'0'.repeat(32)}/${row!.slot}.jpg`,
      `/media/not-a-hash/${row!.slot}.jpg`,
      `/media/${row!.hash}/..%2f..%2fetc%2fpasswd`,
    ]) {
      const response = await fetchFile(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('application/json');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(((await response.json()) as { code: string }).code, path).toBe('NOT_FOUND');
    }
  });

  it('takes a PNG named .jpg as the PNG it is', async () => {
    const answer = await upload(await pngOf(500, 300), 'photo.jpg', 'image/jpeg');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: 'photo.jpg', type: 'image/png', width: 500, height: 300 });
    expect(await database.get('SELECT "sourceType", "originalType" FROM "MediaAsset" WHERE id = ?', String(answer.body.id))).toEqual({
      sourceType: 'image/png',
      originalType: 'image/png',
    });
  });

  it('keeps no GPS position: not in the original it keeps, nor in any file it serves', async () => {
    const photo = await jpegWithGps({ width: 800, height: 600 });
    expect(await hasGps(photo)).toBe(true);
    const { body } = await upload(photo, 'site-visit.jpg', 'image/jpeg');
    const rows = await processed(String(body.id));
    const original = await database.get<{ bytes: Buffer }>(
      'SELECT b.bytes FROM "MediaBlob" b JOIN "MediaAsset" a ON a."originalKey" = b.key WHERE a.id = ?',
      String(body.id),
    );
    expect(await hasGps(original!.bytes)).toBe(false);
    for (const row of rows) {
      const bytes = Buffer.from(await (await fetchFile(`/media/${row.hash}/${row.slot}.${row.format}`)).arrayBuffer());
      expect(await hasGps(bytes), `${row.slot}.${row.format}`).toBe(false);
      expect((await sharp(bytes).metadata()).exif, `${row.slot}.${row.format}`).toBeUndefined();
    }
  });

  it('takes a polyglot JPEG as a picture and stores and serves none of the HTML after it', async () => {
    const answer = await upload(await polyglotJpeg(), 'innocent.jpg', 'image/jpeg');
    expect(answer.status).toBe(201);
    const rows = await processed(String(answer.body.id));
    const keys = [
      ...rows.map((row) => row.storageKey),
      (await database.get<{ originalKey: string }>('SELECT "originalKey" FROM "MediaAsset" WHERE id = ?', String(answer.body.id)))!.originalKey,
    ];
    const blobs = await database.all<{ bytes: Buffer }>(`SELECT bytes FROM "MediaBlob" WHERE key IN (${keys.map(() => '?').join(', ')})`, ...keys);
    expect(blobs).toHaveLength(keys.length);
    for (const blob of blobs) expect(Buffer.from(blob.bytes).includes('<script')).toBe(false);
    for (const row of rows) {
      const served = Buffer.from(await (await fetchFile(`/media/${row.hash}/${row.slot}.${row.format}`)).arrayBuffer());
      expect(served.includes('<script') || served.includes('<html')).toBe(false);
    }
  });

  it.each([
    [
      'an SVG with a script',
      () => svgWithScript(),
      'drawing.svg',
      415,
      {
        detail:
          'SVG files are not accepted: an SVG is a document that can carry scripts and links, not only a picture. Export it as PNG and upload that. Nothing was stored.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
        reason: 'svg',
      },
    ],
    [
      'a 20,000 × 20,000 PNG of a few dozen KB (a decompression bomb)',
      () => decompressionBombPng(),
      'tiny.png',
      422,
      {
        detail: 'The image is 20,000 × 20,000 pixels (400 megapixels); the library takes images up to 40 megapixels. Nothing was stored.',
        code: 'IMAGE_TOO_LARGE',
        reason: 'too-many-pixels',
      },
    ],
    [
      'a truncated JPEG',
      () => truncatedJpeg(),
      'cut.jpg',
      422,
      {
        detail: 'The file starts like a JPEG image but cannot be read: it is damaged or incomplete. Nothing was stored.',
        code: 'IMAGE_UNREADABLE',
        reason: 'damaged',
      },
    ],
    [
      'an HTML page named .png',
      () => Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      'chart.png',
      415,
      {
        detail:
          'The file is not an image format the library recognises, whatever its name says; the library takes JPEG, PNG, WebP, AVIF or GIF images. Nothing was stored.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
        reason: 'unsupported-type',
      },
    ],
  ])('refuses %s with a clear answer, and stores nothing', async (_label, make, name, status, expected) => {
    const before = await counts();
    const answer = await upload(await make(), name);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(expected);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await counts()).toEqual(before);
  });

  it('refuses a file past MEDIA_MAX_BYTES with 413, before reading it, and stores nothing', async () => {
    const before = await counts();
    const answer = await upload(Buffer.alloc(MAX_BYTES + 100 * 1024, 1), 'huge.jpg');
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(TOO_LARGE);
    expect(await counts()).toEqual(before);
  });

  it('gives a file one byte past MEDIA_MAX_BYTES, inside the form’s allowance, the same 413 once it is read', async () => {
    const before = await counts();
    const photo = await jpegOf(400, 300);
    const answer = await upload(Buffer.concat([photo, Buffer.alloc(MAX_BYTES + 1 - photo.byteLength)]), 'just-over.jpg', 'image/jpeg');
    expect([answer.status, answer.body, answer.headers.get('cache-control')]).toEqual([413, TOO_LARGE, 'no-store']);
    expect(await counts()).toEqual(before);
  });

  it('takes a photograph between 10 MB and MEDIA_MAX_BYTES whole (no proxy pass cuts its body at 10 MB)', async () => {
    const photo = await noiseJpeg();
    expect(photo.byteLength).toBe(11_593_216);
    const answer = await upload(photo, 'Plant floor, full resolution.jpg', 'image/jpeg');
    const body = expectNewImage(answer, { name: 'Plant floor, full resolution.jpg', type: 'image/jpeg', width: 4000, height: 3000 });
    expect(await database.get('SELECT "sourceBytes" FROM "MediaAsset" WHERE id = ?', body.id)).toEqual({ sourceBytes: 11_593_216 });
  });

  it('replaces an image’s original through the `replace` field: same id, new files; an unknown id is 404', async () => {
    const first = await upload(await jpegOf(600, 400), 'line-4.jpg', 'image/jpeg');
    const id = String(first.body.id);
    const before = await processed(id);
    const replaced = await upload(await pngOf(500, 300), 'line-4 redrawn.png', 'image/png', id);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({
      id,
      name: 'line-4 redrawn.png',
      type: 'image/png',
      width: 500,
      height: 300,
      status: 'processing',
      editUrl: `/staff/media/${id}`,
    });
    // Read as JSON here: the column is TEXT on SQLite and jsonb (parsed by the driver) on PostgreSQL.
    const renditionsVersion = async () => {
      const row = await database.get<{ renditions: string | { version?: number } | null }>('SELECT "renditions" FROM "MediaAsset" WHERE id = ?', id);
      const renditions = typeof row?.renditions === 'string' ? (JSON.parse(row.renditions) as { version?: number }) : row?.renditions;
      return renditions?.version;
    };
    await until(async () => (await renditionsVersion()) === 2, `image ${id} processed again`);
    const after = await processed(id);
    expect(after.filter((row) => row.rendition === 'full').map((row) => `${row.slot}.${row.format} ${row.width}x${row.height}`)).toEqual([
      '320.avif 320x192',
      '320.jpg 320x192',
      '320.webp 320x192',
    ]);
    const oldHashes = new Set(before.map((row) => row.hash));
    expect(after.filter((row) => oldHashes.has(row.hash))).toEqual([]);
    const old = before.find((row) => row.rendition === 'full')!;
    expect((await fetchFile(`/media/${old.hash}/${old.slot}.${old.format}`)).status).toBe(404);
    const fresh = after.find((row) => row.rendition === 'full' && row.format === 'webp')!;
    expect((await sharp(Buffer.from(await (await fetchFile(`/media/${fresh.hash}/${fresh.slot}.webp`)).arrayBuffer())).metadata()).width).toBe(320);

    const counted = await counts();
    const unknown = await upload(await pngOf(200, 100), 'stray.png', 'image/png', 'med_NoSuchImageAtAll00000');
    expect([unknown.status, unknown.body]).toEqual([404, { detail: "Image 'med_NoSuchImageAtAll00000' was not found.", code: 'NOT_FOUND' }]);
    expect(await counts()).toEqual(counted);
  });

  it('answers a form posted without JavaScript with redirects: to the new image, or back with the reason', async () => {
    const taken = await uploadMedia(baseUrl(), { bytes: await jpegOf(400, 300), name: 'no-js.jpg' }, { cookie: marketing, accept: 'text/html' });
    expect(taken.status).toBe(303);
    expect(taken.headers.get('location')).toMatch(/^\/staff\/media\/med_[A-Za-z0-9_-]{22}\?done=uploaded$/);
    const refused = await uploadMedia(baseUrl(), { bytes: svgWithScript(), name: 'x.svg' }, { cookie: marketing, accept: 'text/html' });
    expect(refused.status).toBe(303);
    expect(decodeURIComponent(refused.headers.get('location')!)).toBe(
      '/staff/media?error=SVG files are not accepted: an SVG is a document that can carry scripts and links, not only a picture. Export it as PNG and upload that. Nothing was stored.',
    );
  });

  it('passes the checks of every staff action: a session, a role that edits content, this site’s Origin', async () => {
    const before = await counts();
    const bytes = await jpegOf(200, 200);
    const signedOut = await uploadMedia(baseUrl(), { bytes, name: 'a.jpg' });
    expect([signedOut.status, await signedOut.json()]).toEqual([401, { detail: 'Sign in as staff to upload images.', code: 'NOT_SIGNED_IN' }]);
    const sales = await uploadMedia(baseUrl(), { bytes, name: 'a.jpg' }, { cookie: await staffCookie('sales') });
    expect([sales.status, await sales.json()]).toEqual([403, { detail: 'Your role may not change the media library.', code: 'FORBIDDEN' }]);
    for (const origin of ['https://evil.example', null]) {
      const crossSite = await uploadMedia(baseUrl(), { bytes, name: 'a.jpg' }, { cookie: marketing, origin });
      expect(crossSite.status, String(origin)).toBe(403);
      expect(((await crossSite.json()) as { code: string }).code).toBe('CROSS_ORIGIN_REFUSED');
    }
    expect(await counts()).toEqual(before);
  });
});

describe('describing, placing and deleting images', () => {
  const describeImage = (id: string, fields: Record<string, string>, cookie = marketing) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return callServerAction(baseUrl(), {
      page: `/staff/media/${id}`,
      filename: 'app/staff/media/actions.ts',
      exportedName: 'describeImageAction',
      args: [id, { status: 'idle', values: {}, errors: {} }, form],
      cookie,
    });
  };
  const altOf = (id: string) => database.get('SELECT alt, decorative FROM "MediaAsset" WHERE id = ?', id);

  it('takes alt text, refuses a file name for it, and takes "decorative" as an explicit choice (alt="")', async () => {
    const { body } = await upload(await jpegOf(300, 200), 'IMG_2041.jpg', 'image/jpeg');
    const id = String(body.id);
    const filename = await (await describeImage(id, { alt: 'IMG_2041.jpg' })).text();
    expect(filename).toContain('That is a file name; describe what the image shows instead.');
    const empty = await (await describeImage(id, { alt: '  ' })).text();
    expect(empty).toContain('Write what the image shows, or mark it decorative if it adds nothing to the text.');
    expect(await altOf(id)).toEqual({ alt: null, decorative: 0 });
    expect((await describeImage(id, { alt: '  The buffer board   on the shop floor ' })).status).toBe(200);
    expect(await altOf(id)).toEqual({ alt: 'The buffer board on the shop floor', decorative: 0 });
    expect((await describeImage(id, { alt: '', decorative: 'on' })).status).toBe(200);
    expect(await altOf(id)).toEqual({ alt: null, decorative: 1 });
  });

  it('refuses to delete an image in use, and the page says where it is used', async () => {
    const response = await callServerAction(baseUrl(), {
      page: '/staff/media/buffer-fever-chart',
      filename: 'app/staff/media/actions.ts',
      exportedName: 'deleteImageAction',
      args: ['buffer-fever-chart'],
      cookie: marketing,
    });
    const location = decodeURIComponent(response.headers.get('x-action-redirect') ?? '');
    expect(location).toMatch(/^\/staff\/media\/buffer-fever-chart\?error=/);
    expect(location).toContain(
      '“buffer-fever-chart.png” is in use and was not deleted. It is shown by insight “Buffer management: what your red zones are telling you” (hero image). Remove it there first.',
    );
    expect(await database.get('SELECT id FROM "MediaAsset" WHERE id = ?', 'buffer-fever-chart')).toEqual({ id: 'buffer-fever-chart' });
    const page = await (await fetch(`${baseUrl()}/staff/media/buffer-fever-chart`, { headers: { cookie: marketing } })).text();
    expect(page).toContain('Buffer management: what your red zones are telling you');
    expect(page).toContain('It cannot be deleted while it is used');
  });

  it('deletes an image no content uses, with its files', async () => {
    const { body } = await upload(await jpegOf(330, 220), 'to-delete.jpg', 'image/jpeg');
    const id = String(body.id);
    const rows = await processed(id);
    const response = await callServerAction(baseUrl(), {
      page: `/staff/media/${id}`,
      filename: 'app/staff/media/actions.ts',
      exportedName: 'deleteImageAction',
      args: [id],
      cookie: marketing,
    });
    expect(response.headers.get('x-action-redirect')).toMatch(/^\/staff\/media\?done=deleted(;push)?$/);
    expect(await database.get('SELECT id FROM "MediaAsset" WHERE id = ?', id)).toBeUndefined();
    expect((await fetchFile(`/media/${rows[0]!.hash}/${rows[0]!.slot}.${rows[0]!.format}`)).status).toBe(404);
    const keys = rows.map((row) => row.storageKey);
    expect(await database.all(`SELECT key FROM "MediaBlob" WHERE key IN (${keys.map(() => '?').join(', ')})`, ...keys)).toEqual([]);
  });
});
