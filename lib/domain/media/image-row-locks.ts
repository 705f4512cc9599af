import { Prisma } from '@/lib/generated/prisma/client';
import { databaseEngine } from '@/lib/db/engine';
import type { Tx } from '../content-workflow/content-type';

/*
 * Placing an image and deleting it must not cross. On PostgreSQL each statement reads what other transactions had
 * committed when it began (READ COMMITTED): a draft saved between a delete's look at where the image is used and the
 * delete itself would name an image that is gone. So a placement holds the image's row FOR SHARE until it commits, and
 * a delete holds it FOR UPDATE before it looks for uses. Whichever comes second waits for the first and then sees what
 * it did: the delete finds the new use, or the placement finds no image. SQLite runs one writing transaction at a
 * time, so it needs neither.
 */

/** In a transaction that saves content naming these images: they cannot be deleted until it ends. */
export async function holdImagesForPlacement(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0 || databaseEngine() !== 'postgresql') return;
  await tx.$queryRaw`SELECT "id" FROM "MediaAsset" WHERE "id" IN (${Prisma.join(ids)}) FOR SHARE`;
}

/** In the transaction that deletes this image, before it looks for uses: no placement can commit in between. */
export async function holdImageForDelete(tx: Tx, id: string): Promise<void> {
  if (databaseEngine() !== 'postgresql') return;
  await tx.$queryRaw`SELECT "id" FROM "MediaAsset" WHERE "id" = ${id} FOR UPDATE`;
}
