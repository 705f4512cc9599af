import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { databaseEngine } from '@/lib/db/engine';
import { liveInsightItem, staffMember } from '@/test-support/content-workflow-fixtures';
import { jpegOf } from '@/test-support/media/image-fixtures';
import { until } from '@/test-support/eventually';
import type { StaffActor } from '../staff/roles';
import { saveDraft } from '../content-workflow/drafts';
import { deleteImage, describeImage } from './media-library';
import { uploadMedia } from './upload-media';

// SQLite runs one writing transaction at a time, so a placement and a delete cannot cross there; on PostgreSQL they
// could (lib/domain/media/image-row-locks.ts). Each test holds one side open on a connection of its own and starts the
// other through the domain, which has to wait for it.
const onPostgres = databaseEngine() === 'postgresql';

let editor: StaffActor;
let other: pg.Client | null = null;
beforeAll(async () => {
  editor = await staffMember('marketing', 'Rita Race');
});
afterEach(async () => {
  await other?.end();
  other = null;
});

async function describedImage(fileName: string): Promise<string> {
  const { id } = await uploadMedia(editor, { fileName, bytes: await jpegOf(400, 300) });
  await describeImage(editor, id, { alt: 'A drum-buffer-rope board', decorative: false });
  return id;
}

/** A transaction on a connection of its own, left open: the caller commits it. */
async function openTransaction(): Promise<pg.Client> {
  other = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await other.connect();
  await other.query('BEGIN');
  return other;
}

/**
 * Until another backend of this database waits for a row lock: the domain call has reached it. A call that ends
 * without waiting has crossed the open transaction, and fails the test with what it did.
 */
const waitsForTheOther = (call: Promise<unknown>) =>
  Promise.race([
    until(async () => {
      const { rows } = await other!.query<{ waiting: string }>(
        "SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return Number(rows[0]!.waiting) > 0 ? true : null;
    }, 'a transaction waiting for the row lock'),
    call.then((outcome) => {
      throw new Error(`it did not wait for the other transaction: ${outcome instanceof Error ? outcome.message : String(outcome)}`);
    }),
  ]);

describe.runIf(onPostgres)('placing an image and deleting it, at the same moment on PostgreSQL', () => {
  it('a delete waits for a placement still in its transaction, then sees it and refuses', async () => {
    const id = await describedImage('race-portrait.jpg');
    const leader = await db.leader.findFirstOrThrow({ orderBy: { order: 'asc' }, select: { id: true, name: true, portraitId: true } });
    const placing = await openTransaction();
    // What a save does (lib/domain/media/media-reference-issues.ts): hold the image, then write the placement.
    await placing.query('SELECT "id" FROM "MediaAsset" WHERE "id" = $1 FOR SHARE', [id]);
    await placing.query('UPDATE "Leader" SET "portraitId" = $1 WHERE "id" = $2', [id, leader.id]);

    const deleting = deleteImage(editor, id).then(
      () => 'deleted',
      (error: unknown) => error,
    );
    await waitsForTheOther(deleting);
    await placing.query('COMMIT');
    try {
      expect(await deleting).toMatchObject({
        code: 'MEDIA_IN_USE',
        message: `“race-portrait.jpg” is in use and was not deleted. It is shown by the company profile (portrait of ${leader.name}). Remove it there first.`,
      });
      expect(await db.mediaAsset.findUnique({ where: { id }, select: { id: true } })).toEqual({ id });
    } finally {
      await db.leader.update({ where: { id: leader.id }, data: { portraitId: leader.portraitId } });
    }
  });

  it('a placement waits for a delete still in its transaction, then finds no image and says so at the field', async () => {
    const id = await describedImage('race-hero.jpg');
    const deleting = await openTransaction();
    // What deleteImage does: hold the image, find no use, delete it.
    await deleting.query('SELECT "id" FROM "MediaAsset" WHERE "id" = $1 FOR UPDATE', [id]);
    await deleting.query('DELETE FROM "MediaAsset" WHERE "id" = $1', [id]);

    const item = await liveInsightItem('why-local-efficiency-lies', { image: { mediaId: id, caption: 'The board', credit: 'Photo: Rita' } });
    const saving = saveDraft(editor, 'insight', 'why-local-efficiency-lies', item).then(
      () => 'saved',
      (error: unknown) => error,
    );
    await waitsForTheOther(saving);
    await deleting.query('COMMIT');
    expect(await saving).toMatchObject({
      items: [{ type: 'value_error', loc: ['body', 'image', 'mediaId'], msg: `Value error, there is no image ${id} in the media library`, input: id }],
    });
    expect(await db.contentDraft.count({ where: { type: 'insight', itemId: 'why-local-efficiency-lies' } })).toBe(0);
  });
});
