import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { animatedGif, gifOf, hasGps, jpegOf, jpegWithGps, pngOf, polyglotJpeg, transparentWebp, truncatedJpeg } from '@/test-support/media/image-fixtures';
import { inspectUpload } from './inspect-upload';
import { keptOriginal } from './kept-original';
import { UploadRefusal } from './upload-refusal';

const LIMITS = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000 };
const keep = async (bytes: Uint8Array) => keptOriginal(bytes, await inspectUpload(bytes, LIMITS), LIMITS.maxPixels);

describe('keptOriginal', () => {
  it('keeps no metadata: the GPS position and the camera are gone', async () => {
    const upload = await jpegWithGps();
    expect(await hasGps(upload)).toBe(true);
    const kept = await keep(upload);
    expect(await hasGps(kept.bytes)).toBe(false);
    const metadata = await sharp(kept.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
  });

  it('turns a photo upright from its EXIF orientation, so nothing later needs it', async () => {
    const kept = await keep(await jpegWithGps({ width: 600, height: 400, orientation: 6 }));
    expect([kept.width, kept.height]).toEqual([400, 600]);
    expect((await sharp(kept.bytes).metadata()).orientation).toBeUndefined();
  });

  it('drops what a polyglot hides after its image', async () => {
    const upload = await polyglotJpeg();
    expect(upload.includes('<script>')).toBe(true);
    const kept = await keep(upload);
    expect(kept.contentType).toBe('image/jpeg');
    expect(kept.bytes.includes('<script>')).toBe(false);
    expect(kept.bytes.includes('<html>')).toBe(false);
  });

  it('keeps photographs as JPEG and lossless images (PNG, GIF, transparency) as PNG', async () => {
    expect((await keep(await jpegOf(320, 240))).contentType).toBe('image/jpeg');
    expect((await keep(await pngOf(320, 240))).contentType).toBe('image/png');
    expect((await keep(await gifOf(320, 240))).contentType).toBe('image/png');
    expect((await keep(await transparentWebp(320, 240))).contentType).toBe('image/png');
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const upload = await animatedGif(60, 40);
    expect((await sharp(upload, { animated: true }).metadata()).pages).toBe(3);
    const kept = await keep(upload);
    expect([kept.contentType, kept.width, kept.height]).toEqual(['image/png', 60, 40]);
    const metadata = await sharp(kept.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.pages]).toEqual(['png', 60, 40, undefined]);
    const { data } = await sharp(kept.bytes).extract({ left: 30, top: 20, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([...data]).toEqual([255, 0, 0]);
  });

  it('refuses a truncated JPEG as damaged: it is never stored half-decoded', async () => {
    const error = await keep(await truncatedJpeg()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadRefusal);
    expect((error as UploadRefusal).message).toBe('The file starts like a JPEG image but cannot be read: it is damaged or incomplete.');
  });
});
