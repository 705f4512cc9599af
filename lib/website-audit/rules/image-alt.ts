import type { AuditFinding } from '../finding';
import { quotedList } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** From this share of images without alt text (and at least IMAGES_MISSING_ALT_MAJOR_MIN of them) the gap is major. */
export const IMAGES_MISSING_ALT_MAJOR_SHARE = 0.5;
export const IMAGES_MISSING_ALT_MAJOR_MIN = 3;

function fileName(src: string | undefined): string {
  if (!src) return 'an image without a source';
  const last = src.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1);
  return last ?? src;
}

/** Alt text: what a screen reader says for an image, and what shows when it fails to load. alt="" (decorative) is fine. */
export function checkImageAlt({ $ }: ParsedPage): AuditFinding | null {
  const images = $('img').toArray();
  const missing = images.filter((image) => $(image).attr('alt') === undefined);
  if (missing.length === 0) return null;
  const major = missing.length >= IMAGES_MISSING_ALT_MAJOR_MIN && missing.length / images.length >= IMAGES_MISSING_ALT_MAJOR_SHARE;
  return {
    id: 'basics.images-missing-alt',
    category: 'accessibility',
    severity: major ? 'major' : 'minor',
    title: `${missing.length} of ${images.length} images have no alt text`,
    detail:
      'A buyer using a screen reader hears nothing, or a file name, where your photos of finished work and your proof should be; search engines cannot index them either.',
    recommendation:
      'Give every meaningful image an alt text that says what it proves, e.g. alt="New boiler installed in a Shadyside basement, finished in one day"; give purely decorative images alt="".',
    evidence: quotedList(missing.map((image) => fileName($(image).attr('src')))),
  };
}
