import type { PublishedImage } from '@/lib/domain/media/published-image';

const HASH = '0123456789abcdef0123456789abcdef';
const SQUARE_HASH = 'fedcba9876543210fedcba9876543210';

/** A processed 1600 × 900 library image, as content carries it. */
export function publishedImage(overrides: Partial<PublishedImage> = {}): PublishedImage {
  return {
    id: 'med_chart',
    alt: 'A buffer fever chart',
    decorative: false,
    full: {
      hash: HASH,
      width: 1280,
      height: 720,
      sizes: [
        { slot: 320, width: 320, height: 180 },
        { slot: 640, width: 640, height: 360 },
        { slot: 960, width: 960, height: 540 },
        { slot: 1280, width: 1280, height: 720 },
      ],
    },
    square: {
      hash: SQUARE_HASH,
      width: 640,
      height: 640,
      sizes: [
        { slot: 320, width: 320, height: 320 },
        { slot: 640, width: 640, height: 640 },
      ],
    },
    placeholder: 'data:image/webp;base64,UklGRg==',
    dominantColor: '#f0e8d8',
    focal: { x: 0.5, y: 0.5 },
    ...overrides,
  };
}
