import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { mediaStorage } from '@/lib/media-storage';
import { liveInsightItem, staffMember } from '@/test-support/content-workflow-fixtures';
import { jpegOf, jpegWithGps, hasGps, svgWithScript } from '@/test-support/media/image-fixtures';
import type { StaffActor } from '../staff/roles';
import { contentSnapshot } from '../content/snapshot';
import { saveDraft } from '../content-workflow/drafts';
import { publishDraft } from '../content-workflow/publishing';
import { getInsight } from '../insights/insights';
import { deleteImage, describeImage, getLibraryImage, listLibraryImages, setFocalPoint } from './media-library';
import { processMedia } from './process-media';
import { mediaFile } from './serve-media';
import { uploadMedia } from './upload-media';

let editor: StaffActor;
beforeAll(async () => {
  editor = await staffMember('marketing', 'Mira Media');
});

/** Uploads, then runs its processing job as the runner would. */
async function uploadedAndProcessed(bytes: Uint8Array, fileName: string) {
  const uploaded = await uploadMedia(editor, { fileName, bytes });
  const job = await db.job.findFirstOrThrow({ where: { type: 'media.process', uniqueKey: `media.process:${uploaded.id}:1` } });
  expect(job.payload).toEqual({ mediaId: uploaded.id, version: 1 });
  expect(await processMedia(uploaded.id, 1, { attempt: 1, maxAttempts: 3 })).toMatch(/^made \d+ files \(\d+ bytes\) for \d+x\d+$/);
  return uploaded;
}

describe('uploadMedia and the media.process job', () => {
  it('records the image and its job in one transaction, and stores only the upright original without metadata', async () => {
    const uploaded = await uploadMedia(editor, {
      fileName: 'C:\\Users\\mira\\site visit.jpg',
      bytes: await jpegWithGps({ width: 600, height: 400, orientation: 6 }),
    });
    expect(uploaded).toMatchObject({ name: 'site visit.jpg', type: 'image/jpeg', width: 400, height: 600 });
    const row = await db.mediaAsset.findUniqueOrThrow({ where: { id: uploaded.id } });
    expect(row).toMatchObject({ status: 'processing', alt: null, decorative: false, originalType: 'image/jpeg', uploadedByName: 'Mira Media', version: 1 });
    const original = await mediaStorage().get(row.originalKey);
    expect(await hasGps(original!)).toBe(false);
    expect(await db.job.count({ where: { type: 'media.process', uniqueKey: `media.process:${uploaded.id}:1` } })).toBe(1);
    expect(await db.auditLog.count({ where: { action: 'media.upload', entityId: uploaded.id } })).toBe(1);
  });

  it('refuses an SVG without storing anything: no row, no job, no bytes', async () => {
    const before = [await db.mediaAsset.count(), await db.job.count(), await db.mediaBlob.count()];
    await expect(uploadMedia(editor, { fileName: 'logo.svg', bytes: svgWithScript() })).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      details: { reason: 'svg' },
    });
    expect([await db.mediaAsset.count(), await db.job.count(), await db.mediaBlob.count()]).toEqual(before);
  });

  it('refuses a file past MEDIA_MAX_BYTES with the answer a too-long Content-Length gets, storing nothing', async () => {
    const before = [await db.mediaAsset.count(), await db.job.count(), await db.mediaBlob.count()];
    const bytes = Buffer.concat([await jpegOf(200, 200), Buffer.alloc(15 * 1024 * 1024)]);
    await expect(uploadMedia(editor, { fileName: 'huge.jpg', bytes })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The upload is larger than the library takes (15 MB per file). Nothing was stored.',
      details: { maxBytes: 15 * 1024 * 1024 },
    });
    expect([await db.mediaAsset.count(), await db.job.count(), await db.mediaBlob.count()]).toEqual(before);
  });

  it('makes the files, swaps them in, and moves the content revision so pages show the new addresses', async () => {
    const revision = (await db.contentRevision.findUniqueOrThrow({ where: { id: 1 } })).revision;
    const uploaded = await uploadedAndProcessed(await jpegOf(1000, 500), 'chart.jpg');
    const row = await db.mediaAsset.findUniqueOrThrow({ where: { id: uploaded.id }, include: { variants: true } });
    expect(row.status).toBe('ready');
    expect(row.variants.map((v) => `${v.rendition} ${v.slot}.${v.format}`).sort()).toEqual(
      ['320', '640', '960']
        .flatMap((slot) => ['avif', 'jpg', 'webp'].map((f) => `full ${slot}.${f}`))
        .concat(['square 320.avif', 'square 320.jpg', 'square 320.webp'])
        .sort(),
    );
    expect((await db.contentRevision.findUniqueOrThrow({ where: { id: 1 } })).revision).toBe(revision + 1);
    const full = row.variants.find((v) => v.rendition === 'full' && v.slot === 640 && v.format === 'webp')!;
    const file = await mediaFile(full.hash, 640, 'webp');
    expect(file).toMatchObject({ contentType: 'image/webp', etag: `"${full.hash}-640.webp"` });
    expect((await sharp(file!.bytes).metadata()).width).toBe(640);
    expect(await mediaFile(full.hash, 1280, 'webp')).toBeNull();
    expect(await mediaFile(full.hash, 500, 'webp')).toBeNull();
    expect(await mediaFile(full.hash, 640, 'png')).toBeNull();
  });

  it('does nothing for a superseded version: a job for an older focal point leaves the newer one to its own job', async () => {
    const uploaded = await uploadedAndProcessed(await jpegOf(800, 400), 'moved.jpg');
    await setFocalPoint(editor, uploaded.id, { x: 0.1, y: 0.5 });
    expect(await processMedia(uploaded.id, 1, { attempt: 1, maxAttempts: 3 })).toBe('skipped: version 1 was superseded by 2');
    const before = (await getLibraryImage(uploaded.id)).renditions!;
    expect((await getLibraryImage(uploaded.id)).updating).toBe(true);
    await processMedia(uploaded.id, 2, { attempt: 1, maxAttempts: 3 });
    const after = await getLibraryImage(uploaded.id);
    expect(after.updating).toBe(false);
    expect(after.focal).toEqual({ x: 0.1, y: 0.5 });
    expect(after.renditions!.full.hash).toBe(before.full.hash);
    expect(after.renditions!.square.hash).not.toBe(before.square.hash);
    // The old square's files went with it; the full rendition's are the same bytes, still there.
    expect(await mediaFile(before.square.hash, 320, 'jpg')).toBeNull();
    expect(await mediaFile(after.renditions!.full.hash, 320, 'jpg')).not.toBeNull();
  });

  it('replaces an image in place: same id, new original and files, the focal point back in the middle', async () => {
    const uploaded = await uploadedAndProcessed(await jpegOf(800, 400), 'first.jpg');
    const first = await getLibraryImage(uploaded.id);
    const firstOriginal = (await db.mediaAsset.findUniqueOrThrow({ where: { id: uploaded.id } })).originalKey;
    await setFocalPoint(editor, uploaded.id, { x: 0.9, y: 0.9 });
    const replaced = await uploadMedia(editor, { fileName: 'second.jpg', bytes: await jpegOf(640, 640), replaceId: uploaded.id });
    expect(replaced).toMatchObject({ id: uploaded.id, name: 'second.jpg', width: 640, height: 640 });
    const row = await db.mediaAsset.findUniqueOrThrow({ where: { id: uploaded.id } });
    expect([row.version, row.focalX, row.focalY, row.status]).toEqual([3, 0.5, 0.5, 'ready']);
    expect(row.originalKey).not.toBe(firstOriginal);
    expect(await mediaStorage().get(row.originalKey)).not.toBeNull();
    expect(await mediaStorage().get(firstOriginal)).toBeNull();
    await processMedia(uploaded.id, 3, { attempt: 1, maxAttempts: 3 });
    expect((await getLibraryImage(uploaded.id)).renditions!.full.hash).not.toBe(first.renditions!.full.hash);
    await expect(uploadMedia(editor, { fileName: 'x.jpg', bytes: await jpegOf(100, 100), replaceId: 'med_does_not_exist' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('alt text, use in content, deletion', () => {
  it('requires alt text or "decorative" before an image can be placed, and never takes a file name for it', async () => {
    const uploaded = await uploadedAndProcessed(await jpegOf(700, 400), 'DSC_0042.jpg');
    const item = await liveInsightItem('why-local-efficiency-lies', { image: { mediaId: uploaded.id, caption: 'On the floor', credit: null } });
    await expect(saveDraft(editor, 'insight', 'why-local-efficiency-lies', item)).rejects.toMatchObject({
      items: [
        {
          type: 'value_error',
          loc: ['body', 'image', 'mediaId'],
          msg: 'Value error, the image “DSC_0042.jpg” has no alt text yet: write it in the media library, or mark the image decorative',
          input: uploaded.id,
        },
      ],
    });
    await expect(describeImage(editor, uploaded.id, { alt: 'DSC_0042', decorative: false })).rejects.toMatchObject({
      items: [expect.objectContaining({ msg: 'That is a file name; describe what the image shows instead' })],
    });
    await describeImage(editor, uploaded.id, { alt: 'Operators at the constraint', decorative: false });
    expect(await saveDraft(editor, 'insight', 'why-local-efficiency-lies', item)).toMatchObject({ itemId: 'why-local-efficiency-lies' });
  });

  it('puts a placed image into /v1 once published: the hero as `image`, the body’s with absolute URLs', async () => {
    const hero = await uploadedAndProcessed(await jpegOf(1600, 900), 'hero.jpg');
    const inline = await uploadedAndProcessed(await jpegOf(900, 600), 'inline.jpg');
    await describeImage(editor, hero.id, { alt: 'A buffer board', decorative: false });
    await describeImage(editor, inline.id, { alt: 'A red order', decorative: false });
    const item = await liveInsightItem('policy-constraints', { image: { mediaId: hero.id, caption: 'The board', credit: 'Photo: Mira' } });
    item.content = `${String(item.content)}\n\n![](media:${inline.id})\n`;
    const { revision } = await saveDraft(editor, 'insight', 'policy-constraints', item);
    await publishDraft(editor, 'insight', 'policy-constraints', { revision });
    const heroFiles = (await getLibraryImage(hero.id)).renditions!.full;
    const inlineFiles = (await getLibraryImage(inline.id)).renditions!.full;
    const insight = await getInsight('policy-constraints');
    expect(insight.image).toEqual({ url: `http://localhost:3000/media/${heroFiles.hash}/1280.jpg`, alt: 'A buffer board', width: 1280, height: 720 });
    expect(insight.content).toContain(`![A red order](http://localhost:3000/media/${inlineFiles.hash}/640.jpg)`);
    const published = (await contentSnapshot()).content.insightsById.get('policy-constraints')!;
    expect(published.hero).toMatchObject({ caption: 'The board', credit: 'Photo: Mira', image: { id: hero.id, alt: 'A buffer board' } });
    expect(published.bodyImages.map((image) => image.id)).toEqual([inline.id]);
  });

  it('refuses to delete an image in use, naming where, and deletes one nobody uses with its bytes', async () => {
    await expect(deleteImage(editor, 'buffer-fever-chart')).rejects.toMatchObject({
      code: 'MEDIA_IN_USE',
      message:
        '“buffer-fever-chart.png” is in use and was not deleted. It is shown by insight “Buffer management: what your red zones are telling you” (hero image). Remove it there first.',
    });
    const unused = await uploadedAndProcessed(await jpegOf(400, 300), 'spare.jpg');
    const keys = [
      (await db.mediaAsset.findUniqueOrThrow({ where: { id: unused.id } })).originalKey,
      ...(await db.mediaVariant.findMany({ where: { mediaId: unused.id } })).map((v) => v.storageKey),
    ];
    await deleteImage(editor, unused.id);
    expect(await db.mediaAsset.findUnique({ where: { id: unused.id } })).toBeNull();
    expect(await db.mediaBlob.count({ where: { key: { in: keys } } })).toBe(0);
  });

  it('checks where an image is used inside the transaction that deletes it: a portrait placed just before is seen', async () => {
    const image = await uploadedAndProcessed(await jpegOf(300, 300), 'late-portrait.jpg');
    const leader = await db.leader.findFirstOrThrow({ orderBy: { order: 'asc' }, select: { id: true, name: true, portraitId: true } });
    const transaction = db.$transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    // Another editor's change lands after deleteImage has found the image and before its transaction begins.
    const spy = vi.spyOn(db, '$transaction').mockImplementationOnce((async (...args: unknown[]) => {
      await db.leader.update({ where: { id: leader.id }, data: { portraitId: image.id } });
      return transaction(...args);
    }) as never);
    try {
      await expect(deleteImage(editor, image.id)).rejects.toMatchObject({
        code: 'MEDIA_IN_USE',
        message: `“late-portrait.jpg” is in use and was not deleted. It is shown by the company profile (portrait of ${leader.name}). Remove it there first.`,
      });
    } finally {
      spy.mockRestore();
      await db.leader.update({ where: { id: leader.id }, data: { portraitId: leader.portraitId } });
    }
    expect(await db.mediaAsset.findUnique({ where: { id: image.id }, select: { id: true } })).toEqual({ id: image.id });
    expect(await db.auditLog.count({ where: { action: 'media.delete', entityId: image.id } })).toBe(0);
  });

  it('finds images by name or alt text, whatever the case, with where each is used', async () => {
    const found = await listLibraryImages({ query: 'BUFFER FEVER' });
    expect(found.map((image) => image.id)).toContain('buffer-fever-chart');
    const chart = found.find((image) => image.id === 'buffer-fever-chart')!;
    expect(chart.uses).toEqual([
      {
        type: 'insight',
        itemId: 'buffer-management-red-zones',
        title: 'Buffer management: what your red zones are telling you',
        place: 'hero image',
        stage: 'live',
      },
    ]);
    const portrait = (await listLibraryImages({ query: 'portrait-elena' }))[0]!;
    expect(portrait.uses).toEqual([{ type: 'company', itemId: 'profile', title: 'Company profile', place: 'portrait of Elena Vasquez', stage: 'live' }]);
    expect(portrait).toMatchObject({ decorative: true, usable: true, alt: null });
  });
});
