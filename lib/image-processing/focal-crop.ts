import { loadSharp } from './sharp-library';

/** Where crops centre, as fractions of the width and height from the top left. */
export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The largest box of proportions `aspect` (width / height) inside a `width` × `height` image, placed so that the focal
 * point is as near its centre as the image's edges allow: the crop keeps what staff clicked on.
 */
export function cropBoxAround(width: number, height: number, aspect: number, focal: FocalPoint): CropBox {
  if (width / height > aspect) {
    const boxWidth = Math.max(1, Math.min(width, Math.round(height * aspect)));
    return { left: clamp(Math.round(focal.x * width - boxWidth / 2), 0, width - boxWidth), top: 0, width: boxWidth, height };
  }
  const boxHeight = Math.max(1, Math.min(height, Math.round(width / aspect)));
  return { left: 0, top: clamp(Math.round(focal.y * height - boxHeight / 2), 0, height - boxHeight), width, height: boxHeight };
}

/**
 * The image cropped around its focal point to the proportions of `width` × `height`, then scaled to exactly that size
 * (a social card's picture). JPEG, which every consumer reads.
 */
export async function coverAroundFocalPoint(bytes: Uint8Array, width: number, height: number, focal: FocalPoint): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(bytes);
  const metadata = await image.metadata();
  const box = cropBoxAround(metadata.width, metadata.height, width / height, focal);
  return image.extract(box).resize({ width, height, fit: 'fill' }).flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
