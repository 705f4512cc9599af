import Link from 'next/link';
import { config } from '@/lib/config';
import { getLibraryImage } from '@/lib/domain/media/media-library';
import { mediaPath } from '@/lib/domain/media/published-image';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { orNotFound } from '@/lib/site/or-not-found';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../../outcome-message';
import { deleteImageAction, describeImageAction, focalPointAction } from '../actions';
import { MediaStatus } from '../media-status';
import { MediaUseList } from '../media-use-list';
import { UploadForm } from '../upload-form';
import { AltTextForm } from './alt-text-form';
import { FocalPointPicker } from './focal-point-picker';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Image' };

const DONE: Record<string, string> = {
  uploaded: 'Uploaded. Its sizes are being made; write its alt text meanwhile.',
  replaced: 'Replaced. Pages show the new picture once its sizes are made.',
  'focal-point': 'Focal point saved. Its crops are being made again.',
};

/** One image: its alt text, focal point, where it is used, and replace or delete. */
export default async function MediaImagePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ done?: string; error?: string }>;
}) {
  const { id } = await params;
  await requireStaff('content', `/staff/media/${encodeURIComponent(id)}`);
  const image = await orNotFound(getLibraryImage(id));
  const { done, error } = await searchParams;
  const preview = image.renditions?.full.sizes.find((size) => size.width >= 640) ?? image.renditions?.full.sizes.at(-1);
  return (
    <>
      <p className="text-sm">
        <Link className="underline" href="/staff/media">
          Media library
        </Link>
      </p>
      <h1 className="mt-2 break-all font-serif text-3xl font-semibold">{image.name}</h1>
      <p className="mt-2 text-sm">
        <MediaStatus image={image} /> · {image.sourceType.replace('image/', '').toUpperCase()}, {image.width} × {image.height} pixels,{' '}
        {formatFileSize(image.sourceBytes)} uploaded by {image.uploadedByName} {formatDateTime(image.createdAt.toISOString(), config().FIRM_TIME_ZONE)}
      </p>
      {image.failureReason && (
        <p role="alert" className="mt-4 rounded-md border border-danger p-3 text-danger">
          {image.failureReason}
        </p>
      )}
      <OutcomeMessage error={error} done={done} doneMessage={DONE[done ?? ''] ?? 'Done.'} />
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="focal-heading">
          <h2 id="focal-heading" className="font-serif text-xl font-semibold">
            Focal point
          </h2>
          <p className="mt-1 text-sm text-ink-muted">Square crops and social cards keep this point in the picture.</p>
          <div className="mt-3">
            {image.renditions && preview ? (
              <FocalPointPicker
                action={focalPointAction.bind(null, image.id)}
                src={mediaPath(image.renditions.full, preview.slot, 'webp')}
                width={preview.width}
                height={preview.height}
                focal={image.focal}
              />
            ) : (
              <p className="text-sm text-ink-muted">The image appears here once its sizes are made; reload the page in a moment.</p>
            )}
          </div>
        </section>
        <div className="space-y-8">
          <section aria-labelledby="alt-heading">
            <h2 id="alt-heading" className="font-serif text-xl font-semibold">
              Describe it
            </h2>
            <div className="mt-3">
              <AltTextForm action={describeImageAction.bind(null, image.id)} alt={image.alt ?? ''} decorative={image.decorative} />
            </div>
          </section>
          <section aria-labelledby="uses-heading">
            <h2 id="uses-heading" className="font-serif text-xl font-semibold">
              Where it is used
            </h2>
            <div className="mt-3">
              <MediaUseList uses={image.uses} />
            </div>
            <p className="mt-3 text-sm text-ink-muted">
              In an article’s Markdown it is <code>![alt text](media:{image.id})</code>; the editor inserts it for you.
            </p>
          </section>
          <section aria-labelledby="replace-heading">
            <h2 id="replace-heading" className="font-serif text-xl font-semibold">
              Replace or delete
            </h2>
            <div className="mt-3 space-y-4">
              <UploadForm maxText={formatFileSize(config().MEDIA_MAX_BYTES)} replaceId={image.id} />
              <form action={deleteImageAction.bind(null, image.id)} className="space-y-2">
                {image.uses.length > 0 && <p className="text-sm">It cannot be deleted while it is used: remove it from the places above first.</p>}
                <button type="submit" className="rounded-md border border-danger px-3 py-1.5 text-sm font-medium text-danger">
                  Delete this image
                </button>
              </form>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
