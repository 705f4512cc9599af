import { deflateSync, crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/**
 * Images for the media tests, made here with sharp (nothing downloaded): ordinary uploads of each accepted type, and
 * the hostile ones the library must answer clearly.
 */

/** A photograph-like picture: a gradient with coloured discs, so encoders have real work. */
export async function scene(width: number, height: number): Promise<Sharp> {
  const discs = Array.from({ length: 12 }, (_, i) => {
    const cx = Math.round((((i * 997) % 1000) / 1000) * width);
    const cy = Math.round((((i * 613) % 1000) / 1000) * height);
    const r = Math.round(Math.min(width, height) * (0.05 + ((i * 37) % 20) / 100));
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${(i * 47) % 360},60%,50%)" opacity="0.7"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5b7fa3"/><stop offset="1" stop-color="#e8c27a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${discs}</svg>`;
  // Rendered SVG has an alpha channel; a photograph has none.
  return sharp(await sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 1 }).toBuffer());
}

export const jpegOf = async (width: number, height: number, quality = 85) => (await scene(width, height)).jpeg({ quality }).toBuffer();
export const pngOf = async (width: number, height: number) => (await scene(width, height)).png().toBuffer();
export const webpOf = async (width: number, height: number) => (await scene(width, height)).webp().toBuffer();
export const avifOf = async (width: number, height: number) => (await scene(width, height)).avif({ effort: 0 }).toBuffer();
export const gifOf = async (width: number, height: number) => (await scene(width, height)).gif().toBuffer();

/** An animated GIF of three frames: the first red, the others two blues (a GIF encoder merges equal frames), so which frame was kept shows in any pixel. */
export function animatedGif(width: number, height: number): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  return Promise.all([frame('#ff0000'), frame('#0000ff'), frame('#0000c0')]).then((frames) =>
    sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer(),
  );
}

/** Half-transparent red: kept lossless, and on white in JPEG. */
export const transparentWebp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } })
    .webp()
    .toBuffer();

/**
 * A 12-megapixel photograph (4000 × 3000) as a phone takes them: the scene with sensor grain over it, so it weighs what
 * a phone's JPEG does (about 3 MB at quality 90) and encoders work as hard as on a real photo.
 */
export async function twelveMegapixelJpeg(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const base = await (await scene(width, height)).png({ compressionLevel: 1 }).toBuffer();
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(base)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Colour noise as a JPEG at quality 94: nothing in it compresses, so 4000 × 3000 weighs 11,593,216 bytes, between the
 * 10 MB a proxy pass would cut a body at and MEDIA_MAX_BYTES. The same bytes every run (xorshift32 from a fixed seed).
 */
export function noiseJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3 + 3);
  let state = 22;
  for (let i = 0; i + 4 <= raw.length; i += 4) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    raw.writeUInt32LE(state >>> 0, i);
  }
  return sharp(raw.subarray(0, width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 94 })
    .toBuffer();
}

/** A JPEG with an HTML page after its end: a browser that sniffed it could run the script. */
export async function polyglotJpeg(): Promise<Buffer> {
  return Buffer.concat([await jpegOf(400, 300), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
}

/** An SVG whose script would run when the file is opened as a document. */
export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
  );

/** The first 60 % of a JPEG, as an interrupted transfer leaves it. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await jpegOf(800, 600);
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A JPEG whose EXIF holds where it was taken (Pittsburgh) and a camera orientation of a quarter turn (6). */
export async function jpegWithGps({ width = 600, height = 400, orientation = 1 } = {}): Promise<Buffer> {
  return (await scene(width, height))
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Pocket 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4600/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 59/1 0/1' },
    })
    .jpeg()
    .toBuffer()
    .then((jpeg: Buffer) => (orientation === 1 ? jpeg : sharp(jpeg).keepExif().withMetadata({ orientation }).jpeg().toBuffer()));
}

/** Whether JPEG/WebP/AVIF bytes carry an EXIF GPS block (the GPS IFD pointer tag 0x8825, in either byte order). */
export async function hasGps(bytes: Uint8Array): Promise<boolean> {
  const { exif } = await sharp(bytes).metadata();
  return exif !== undefined && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 20,000 × 20,000 black-and-white PNG (400 megapixels, 1.6 GB once decoded to RGBA)
 * whose file is about 50 KB, the most deflate can squeeze that many zero bytes.
 */
export function decompressionBombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = Math.ceil(side / 8) + 1; // a filter byte, then the pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
