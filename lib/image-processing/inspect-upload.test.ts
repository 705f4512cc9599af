import { describe, expect, it } from 'vitest';
import {
  avifOf,
  decompressionBombPng,
  gifOf,
  jpegOf,
  jpegWithGps,
  pngOf,
  polyglotJpeg,
  svgWithScript,
  truncatedJpeg,
  webpOf,
} from '@/test-support/media/image-fixtures';
import { inspectUpload, looksLikeSvg } from './inspect-upload';
import { UploadRefusal } from './upload-refusal';

const LIMITS = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000 };

async function refusal(bytes: Uint8Array, limits = LIMITS): Promise<{ reason: string; message: string }> {
  const error = await inspectUpload(bytes, limits).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(UploadRefusal);
  return { reason: (error as UploadRefusal).reason, message: (error as UploadRefusal).message };
}

describe('inspectUpload: the type comes from the bytes', () => {
  it.each([
    ['JPEG', () => jpegOf(640, 480), 'image/jpeg'],
    ['PNG', () => pngOf(640, 480), 'image/png'],
    ['WebP', () => webpOf(640, 480), 'image/webp'],
    ['AVIF', () => avifOf(640, 480), 'image/avif'],
    ['GIF', () => gifOf(640, 480), 'image/gif'],
  ])('takes %s', async (_name, make, type) => {
    expect(await inspectUpload(await make(), LIMITS)).toEqual({ type, width: 640, height: 480, hasAlpha: false });
  });

  it('calls a PNG a PNG whatever it is named (the name is never read)', async () => {
    const inspected = await inspectUpload(await pngOf(300, 200), LIMITS);
    expect(inspected.type).toBe('image/png');
  });

  it('takes a polyglot for the JPEG it starts as (what follows the image is dropped when it is kept: kept-original.test.ts)', async () => {
    expect(await inspectUpload(await polyglotJpeg(), LIMITS)).toEqual({ type: 'image/jpeg', width: 400, height: 300, hasAlpha: false });
  });

  it('reports the upright size of a photo turned by its EXIF orientation', async () => {
    expect(await inspectUpload(await jpegWithGps({ width: 600, height: 400, orientation: 6 }), LIMITS)).toMatchObject({ width: 400, height: 600 });
  });
});

describe('inspectUpload: refusals, each with a sentence that says why', () => {
  it('refuses an SVG, saying why SVG is not taken', async () => {
    expect(await refusal(svgWithScript())).toEqual({
      reason: 'svg',
      message: 'SVG files are not accepted: an SVG is a document that can carry scripts and links, not only a picture. Export it as PNG and upload that.',
    });
    expect(looksLikeSvg(Buffer.from('\uFEFF  <!-- drawn by hand --><svg viewBox="0 0 1 1"></svg>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from('<html><body><svg></svg></body></html>'))).toBe(false);
  });

  it('refuses a file of another kind, naming it', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'))).toEqual({
      reason: 'unsupported-type',
      message: 'The file is a PDF file, whatever its name says; the library takes JPEG, PNG, WebP, AVIF or GIF images.',
    });
    expect(await refusal(Buffer.from('<html><script>alert(1)</script></html>'))).toEqual({
      reason: 'unsupported-type',
      message: 'The file is not an image format the library recognises, whatever its name says; the library takes JPEG, PNG, WebP, AVIF or GIF images.',
    });
  });

  it('refuses an empty file', async () => {
    expect(await refusal(new Uint8Array())).toEqual({ reason: 'empty', message: 'The file is empty.' });
  });

  it('refuses a file past MEDIA_MAX_BYTES before looking at it', async () => {
    expect(await refusal(await jpegOf(640, 480), { ...LIMITS, maxBytes: 1024 })).toEqual({
      reason: 'too-large',
      message: expect.stringMatching(/^The file is \d+ KB; the library takes files up to 1 KB\.$/) as string,
    });
    const big = new Uint8Array(16 * 1024 * 1024);
    expect(await refusal(big)).toEqual({ reason: 'too-large', message: 'The file is 16 MB; the library takes files up to 15 MB.' });
  });

  it('refuses a 20,000 × 20,000 decompression bomb from its header, without decoding it', async () => {
    const bomb = decompressionBombPng();
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    const started = performance.now();
    expect(await refusal(bomb)).toEqual({
      reason: 'too-many-pixels',
      message: 'The image is 20,000 × 20,000 pixels (400 megapixels); the library takes images up to 40 megapixels.',
    });
    // Decoding 400 megapixels would take seconds and gigabytes; reading the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('applies MEDIA_MAX_PIXELS exactly: at the limit is taken, one pixel more is not', async () => {
    const image = await pngOf(400, 300);
    await expect(inspectUpload(image, { ...LIMITS, maxPixels: 120_000 })).resolves.toMatchObject({ width: 400 });
    expect((await refusal(image, { ...LIMITS, maxPixels: 119_999 })).reason).toBe('too-many-pixels');
  });

  it('refuses a file that starts like an image but has no readable header', async () => {
    const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(await refusal(header)).toEqual({ reason: 'damaged', message: 'The file starts like a PNG image but cannot be read: it is damaged or incomplete.' });
  });

  it('lets a truncated JPEG through inspection (its header is whole); keeping it refuses it (kept-original.test.ts)', async () => {
    expect((await inspectUpload(await truncatedJpeg(), LIMITS)).type).toBe('image/jpeg');
  });
});
