import { lazyImport } from '@/lib/core/lazy-import';

/**
 * sharp and its native libvips (about 30 MiB of resident memory), loaded when an image is first inspected or
 * processed, so the job runner and the web process hold it only once the media library is used.
 */
export const loadSharp = lazyImport(async () => (await import('sharp')).default);
