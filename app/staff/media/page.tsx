import Link from 'next/link';
import { config } from '@/lib/config';
import { listLibraryImages } from '@/lib/domain/media/media-library';
import { mediaPath } from '@/lib/domain/media/published-image';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../outcome-message';
import { MediaStatus } from './media-status';
import { MediaUseList } from './media-use-list';
import { UploadForm } from './upload-form';
import { formatFileSize } from '@/lib/format';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Media library' };

/** The media library: upload, find by name or alt text, see each image's state and where it is used. */
export default async function MediaLibraryPage({ searchParams }: { searchParams: Promise<{ q?: string; done?: string; error?: string }> }) {
  await requireStaff('content', '/staff/media');
  const { q = '', done, error } = await searchParams;
  const images = await listLibraryImages({ query: typeof q === 'string' ? q : '' });
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Media library</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">
        Pictures for insights, services and the about page. Each upload is checked, turned upright and stripped of its metadata (a phone photo’s location
        included), then made in every size the site serves. An image needs alt text, or to be marked decorative, before it can be placed.
      </p>
      <OutcomeMessage error={error} done={done} doneMessage={done === 'deleted' ? 'The image was deleted.' : 'Done.'} />
      <div className="mt-6">
        <UploadForm maxText={formatFileSize(config().MEDIA_MAX_BYTES)} />
      </div>
      <form role="search" method="get" action="/staff/media" className="mt-8 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="media-search" className="block text-sm font-medium">
            Find by name or alt text
          </label>
          <input id="media-search" name="q" type="search" defaultValue={q} className="mt-1 rounded-md border border-ink/40 bg-surface px-3 py-1.5" />
        </div>
        <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
          Search
        </button>
      </form>
      {images.length === 0 ? (
        <p className="mt-6 text-ink-muted">{q ? `No image’s name or alt text contains “${q}”.` : 'The library is empty. Upload the first image above.'}</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="media-list">
          {images.map((image) => (
            <li key={image.id} className="flex flex-col rounded-lg border border-line bg-surface p-4">
              <Link href={`/staff/media/${image.id}`} className="block">
                {image.renditions ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a library thumbnail, already sized
                  <img
                    src={mediaPath(image.renditions.full, image.renditions.full.sizes[0]!.slot, 'webp')}
                    alt=""
                    width={image.renditions.full.sizes[0]!.width}
                    height={image.renditions.full.sizes[0]!.height}
                    loading="lazy"
                    className="h-40 w-full rounded object-contain"
                  />
                ) : (
                  <span className="flex h-40 items-center justify-center rounded bg-paper text-sm text-ink-muted">No preview yet</span>
                )}
                <span className="mt-3 block break-all font-medium underline">{image.name}</span>
              </Link>
              <p className="mt-1 text-sm">
                <MediaStatus image={image} />
              </p>
              <p className="mt-1 text-sm text-ink-muted">{image.decorative ? 'Decorative (alt="")' : (image.alt ?? 'No alt text yet')}</p>
              <div className="mt-3">
                <MediaUseList uses={image.uses} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
