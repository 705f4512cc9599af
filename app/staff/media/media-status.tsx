import type { LibraryImage } from '@/lib/domain/media/media-library';

/** What staff need to do next with an image, or that it is ready. */
export function MediaStatus({ image }: { image: LibraryImage }) {
  if (image.status === 'failed') return <span className="font-medium text-danger">Could not be processed</span>;
  if (image.status === 'processing') return <span className="font-medium">Making its sizes…</span>;
  if (!image.usable) return <span className="font-medium text-danger">Needs alt text</span>;
  if (image.updating) return <span className="font-medium">Ready (updating its sizes)</span>;
  return <span className="text-ink-muted">{image.decorative ? 'Ready · decorative' : 'Ready'}</span>;
}
