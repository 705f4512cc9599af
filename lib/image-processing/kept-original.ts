import type { InspectedUpload } from './inspect-upload';
import { damaged } from './inspect-upload';
import { loadSharp } from './sharp-library';

export interface KeptOriginal {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/**
 * The original the library keeps: decoded completely (a truncated or corrupt file fails here, before anything is
 * stored), turned upright from its EXIF orientation, and written again without any metadata: no GPS position, camera
 * serial or embedded thumbnail, and no bytes of anything hidden after the image (a polyglot's HTML). Lossless sources
 * and images with transparency stay lossless (PNG); photographs become a high-quality JPEG. A GIF keeps its first frame.
 */
export async function keptOriginal(bytes: Uint8Array, upload: InspectedUpload, maxPixels: number): Promise<KeptOriginal> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated', pages: 1 }).rotate();
    const lossless = upload.type === 'image/png' || upload.type === 'image/gif' || upload.hasAlpha;
    const encoded = lossless ? image.png({ compressionLevel: 6 }) : image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: lossless ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw damaged(upload.type);
  }
}
