import { db } from '@/lib/db/client';
import type { MediaStorage } from './media-storage';

/**
 * MEDIA_STORAGE=database: the bytes in the MediaBlob table, so instances that share a PostgreSQL database share the
 * library too, with nothing else to run or back up.
 */
export function databaseMediaStorage(): MediaStorage {
  return {
    name: 'database',
    async put(key, bytes, contentType) {
      // Prisma's Bytes field takes a Uint8Array backed by a plain ArrayBuffer.
      const data = { contentType, bytes: new Uint8Array(bytes) };
      await db.mediaBlob.upsert({ where: { key }, create: { key, ...data }, update: data });
    },
    async get(key) {
      const row = await db.mediaBlob.findUnique({ where: { key }, select: { bytes: true } });
      return row ? new Uint8Array(row.bytes) : null;
    },
    async delete(keys) {
      if (keys.length > 0) await db.mediaBlob.deleteMany({ where: { key: { in: [...keys] } } });
    },
  };
}
