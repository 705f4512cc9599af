import { fileTypeFromBuffer } from 'file-type';
import type { Metadata } from 'sharp';
import { ACCEPTED_TYPES_TEXT, UPLOAD_TYPES, type UploadType } from './media-formats';
import { loadSharp } from './sharp-library';
import { UploadRefusal } from './upload-refusal';
import { formatFileSize } from '../format';

export interface UploadLimits {
  maxBytes: number;
  maxPixels: number;
}

export interface InspectedUpload {
  type: UploadType;
  /** Upright, as it will be shown (an EXIF rotation of a quarter turn swaps them). */
  width: number;
  height: number;
  /** Some pixels are transparent (or may be): kept lossless, and flattened on white for JPEG. */
  hasAlpha: boolean;
}

/** file-type's answer for the types the library takes (an animated PNG is a PNG: its first frame is used). */
const DETECTED: Record<string, UploadType> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'image/webp': 'image/webp',
  'image/avif': 'image/avif',
  'image/gif': 'image/gif',
};

/** How sharp names each format once it has read the header. */
const SHARP_FORMAT: Record<UploadType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'heif', 'image/gif': 'gif' };

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

/** An SVG is text: an XML declaration, comments or a doctype, then an <svg> element, near the start of the file. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return (
    /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head) ||
    /<svg[\s>][\s\S]*xmlns=["']http:\/\/www\.w3\.org\/2000\/svg/i.test(head)
  );
}

/**
 * Decides from the bytes alone (never the name or the Content-Type a browser sent) whether the library takes an
 * upload: its size, its type, and its pixel count read from the header before anything is decoded, so a small file
 * that would inflate to gigabytes (a decompression bomb) is refused without being opened.
 */
export async function inspectUpload(bytes: Uint8Array, limits: UploadLimits): Promise<InspectedUpload> {
  if (bytes.byteLength === 0) throw new UploadRefusal('empty', 'The file is empty.');
  if (bytes.byteLength > limits.maxBytes) {
    throw new UploadRefusal('too-large', `The file is ${formatFileSize(bytes.byteLength)}; the library takes files up to ${formatFileSize(limits.maxBytes)}.`);
  }
  const detected = await fileTypeFromBuffer(bytes);
  const type = detected ? DETECTED[detected.mime] : undefined;
  if (!type) {
    if (looksLikeSvg(bytes)) {
      throw new UploadRefusal(
        'svg',
        'SVG files are not accepted: an SVG is a document that can carry scripts and links, not only a picture. Export it as PNG and upload that.',
      );
    }
    const what = detected ? `a ${detected.ext.toUpperCase()} file` : 'not an image format the library recognises';
    throw new UploadRefusal('unsupported-type', `The file is ${what}, whatever its name says; the library takes ${ACCEPTED_TYPES_TEXT} images.`);
  }
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'none' }).metadata();
  } catch {
    throw damaged(type);
  }
  if (metadata.format !== SHARP_FORMAT[type] || !metadata.width || !metadata.height) throw damaged(type);
  const frameHeight = metadata.pageHeight ?? metadata.height;
  const pixels = metadata.width * frameHeight;
  if (pixels > limits.maxPixels) {
    throw new UploadRefusal(
      'too-many-pixels',
      `The image is ${metadata.width.toLocaleString('en-US')} × ${frameHeight.toLocaleString('en-US')} pixels (${megapixels(pixels)}); the library takes images up to ${megapixels(limits.maxPixels)}.`,
    );
  }
  // EXIF orientations 5 to 8 turn the image a quarter: it is shown with its sides swapped.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  return { type, width: quarterTurn ? frameHeight : metadata.width, height: quarterTurn ? metadata.width : frameHeight, hasAlpha: metadata.hasAlpha };
}

export function damaged(type: UploadType): UploadRefusal {
  return new UploadRefusal('damaged', `The file starts like a ${UPLOAD_TYPES[type]} image but cannot be read: it is damaged or incomplete.`);
}
