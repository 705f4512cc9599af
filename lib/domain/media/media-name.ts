/** Longest name kept for an upload; the name only helps staff find the image. */
const MAX_NAME = 200;

/**
 * The file's name as the library shows it: its last path segment (old browsers send a whole path), without control
 * characters, shortened. Used to find the image, never as its alt text.
 */
export function mediaName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'image').slice(0, MAX_NAME);
}

/** Alt text that is only a file name ("IMG_2041.jpg", or the upload's own name) says nothing about the picture. */
export function looksLikeFileName(alt: string, name: string): boolean {
  const text = alt.trim().toLowerCase();
  const stem = name.toLowerCase().replace(/\.[a-z0-9]{2,5}$/, '');
  return (
    text === name.toLowerCase() ||
    text === stem ||
    /\.(jpe?g|png|gif|webp|avif|heic|tiff?|bmp|svg)$/i.test(text) ||
    /^(img|dsc|dscn|pxl|photo|image|screenshot)[\s_-]?\d/i.test(text)
  );
}
