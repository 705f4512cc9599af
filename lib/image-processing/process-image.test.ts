import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegOf, pngOf } from '@/test-support/media/image-fixtures';
import { CENTRE } from './focal-crop';
import { processImage } from './process-image';

const summary = (image: Awaited<ReturnType<typeof processImage>>) =>
  image.renditions.map((rendition) => ({
    name: rendition.name,
    size: [rendition.width, rendition.height],
    variants: rendition.variants.map((v) => `${v.slot}.${v.format} ${v.width}x${v.height} ${v.contentType}`),
  }));

describe('processImage', () => {
  it('makes every width of the list up to the original, in AVIF, WebP and JPEG, plus square crops', async () => {
    const processed = await processImage(await jpegOf(1400, 700), CENTRE);
    expect(summary(processed)).toEqual([
      {
        name: 'full',
        size: [1280, 640],
        variants: [
          '320.avif 320x160 image/avif',
          '320.webp 320x160 image/webp',
          '320.jpg 320x160 image/jpeg',
          '640.avif 640x320 image/avif',
          '640.webp 640x320 image/webp',
          '640.jpg 640x320 image/jpeg',
          '960.avif 960x480 image/avif',
          '960.webp 960x480 image/webp',
          '960.jpg 960x480 image/jpeg',
          '1280.avif 1280x640 image/avif',
          '1280.webp 1280x640 image/webp',
          '1280.jpg 1280x640 image/jpeg',
        ],
      },
      {
        name: 'square',
        size: [640, 640],
        variants: [
          '320.avif 320x320 image/avif',
          '320.webp 320x320 image/webp',
          '320.jpg 320x320 image/jpeg',
          '640.avif 640x640 image/avif',
          '640.webp 640x640 image/webp',
          '640.jpg 640x640 image/jpeg',
        ],
      },
    ]);
  });

  it('writes each file in the format its name says, with no metadata', async () => {
    const processed = await processImage(await pngOf(700, 500), CENTRE);
    for (const variant of processed.renditions.flatMap((r) => r.variants)) {
      const metadata = await sharp(variant.bytes).metadata();
      expect({ format: metadata.format === 'heif' ? 'avif' : metadata.format === 'jpeg' ? 'jpg' : metadata.format, width: metadata.width }).toEqual({
        format: variant.format,
        width: variant.width,
      });
      expect(metadata.exif).toBeUndefined();
    }
  });

  it('makes the 1920 width of a large photo, and never enlarges a small one', async () => {
    const large = await processImage(await jpegOf(2400, 1600), CENTRE);
    expect(large.renditions[0]!.variants.map((v) => v.slot)).toEqual([320, 320, 320, 640, 640, 640, 960, 960, 960, 1280, 1280, 1280, 1920, 1920, 1920]);
    const small = await processImage(await jpegOf(200, 100), CENTRE);
    expect(small.renditions[0]!.variants.map((v) => `${v.slot}:${v.width}x${v.height}`)).toEqual(['320:200x100', '320:200x100', '320:200x100']);
    expect(small.renditions[1]!.variants.map((v) => `${v.slot}:${v.width}x${v.height}`)).toEqual(['320:100x100', '320:100x100', '320:100x100']);
  });

  it('names each rendition by a hash of its bytes: the same image gives the same, another focal point another square', async () => {
    const image = await jpegOf(900, 600);
    const first = await processImage(image, CENTRE);
    const again = await processImage(image, CENTRE);
    const moved = await processImage(image, { x: 0.1, y: 0.5 });
    expect(first.renditions.map((r) => r.hash)).toEqual(again.renditions.map((r) => r.hash));
    expect(first.renditions[0]!.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(moved.renditions[0]!.hash).toBe(first.renditions[0]!.hash);
    expect(moved.renditions[1]!.hash).not.toBe(first.renditions[1]!.hash);
  });

  it('crops the square around the focal point', async () => {
    // Left third green, the rest grey.
    const image = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#808080' } })
      .composite([{ input: { create: { width: 300, height: 300, channels: 3, background: '#00c000' } }, left: 0, top: 0 }])
      .jpeg()
      .toBuffer();
    const processed = await processImage(image, { x: 0.1, y: 0.5 });
    const square = processed.renditions[1]!.variants.find((v) => v.format === 'jpg')!;
    const { dominant } = await sharp(square.bytes).stats();
    expect(dominant.g).toBeGreaterThan(150);
    expect(dominant.r).toBeLessThan(60);
  });

  it('gives a tiny blur placeholder and the dominant colour', async () => {
    const processed = await processImage(await jpegOf(800, 400), CENTRE);
    expect(processed.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    const placeholder = await sharp(Buffer.from(processed.placeholder.split(',')[1]!, 'base64')).metadata();
    expect([placeholder.width, placeholder.height]).toEqual([24, 12]);
    expect(processed.placeholder.length).toBeLessThan(600);
    expect(processed.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
  });
});
