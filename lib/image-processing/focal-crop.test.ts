import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CENTRE, coverAroundFocalPoint, cropBoxAround } from './focal-crop';

describe('cropBoxAround', () => {
  it('centres the largest box of the proportions on the focal point', () => {
    expect(cropBoxAround(1600, 900, 1, CENTRE)).toEqual({ left: 350, top: 0, width: 900, height: 900 });
    expect(cropBoxAround(1600, 900, 1, { x: 0.25, y: 0.5 })).toEqual({ left: 0, top: 0, width: 900, height: 900 });
    expect(cropBoxAround(1600, 900, 1, { x: 0.7, y: 0.5 })).toEqual({ left: 670, top: 0, width: 900, height: 900 });
  });

  it('stops at the edges: a focal point in a corner gives the corner', () => {
    expect(cropBoxAround(1600, 900, 1, { x: 1, y: 1 })).toEqual({ left: 700, top: 0, width: 900, height: 900 });
    expect(cropBoxAround(900, 1600, 1, { x: 0, y: 0 })).toEqual({ left: 0, top: 0, width: 900, height: 900 });
    expect(cropBoxAround(900, 1600, 1, { x: 0.5, y: 1 })).toEqual({ left: 0, top: 700, width: 900, height: 900 });
  });

  it('crops a wide card (1200 × 630) out of a portrait around the face', () => {
    expect(cropBoxAround(800, 1200, 1200 / 630, { x: 0.5, y: 0.2 })).toEqual({ left: 0, top: 30, width: 800, height: 420 });
  });

  it('keeps the whole image when it already has the proportions', () => {
    expect(cropBoxAround(640, 640, 1, { x: 0.9, y: 0.1 })).toEqual({ left: 0, top: 0, width: 640, height: 640 });
  });
});

describe('coverAroundFocalPoint', () => {
  it('gives exactly the size asked, showing the side of the focal point', async () => {
    // Left half red, right half blue.
    const image = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#ff0000' } })
      .composite([{ input: { create: { width: 400, height: 400, channels: 3, background: '#0000ff' } }, left: 400, top: 0 }])
      .png()
      .toBuffer();
    const right = await coverAroundFocalPoint(image, 200, 200, { x: 0.9, y: 0.5 });
    const left = await coverAroundFocalPoint(image, 200, 200, { x: 0.1, y: 0.5 });
    expect(await sharp(right).metadata()).toMatchObject({ width: 200, height: 200, format: 'jpeg' });
    const colourOf = async (bytes: Buffer) => (await sharp(bytes).stats()).dominant;
    expect((await colourOf(right)).b).toBeGreaterThan(200);
    expect((await colourOf(left)).r).toBeGreaterThan(200);
  });
});
