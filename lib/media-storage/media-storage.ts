/**
 * Where the media library keeps its bytes: the originals and every processed size. One small port, like payments and
 * mail, with two adapters chosen by MEDIA_STORAGE: the database (default) and any S3-compatible store. Keys are
 * chosen by the caller and never reused for other bytes, so a stored object is never changed, only written or deleted.
 */
export interface MediaStorage {
  readonly name: 'database' | 's3';
  /** Stores the bytes under `key`; writing a key again replaces them (the same bytes, in practice). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Deletes the keys; a key that holds nothing is not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** The store could not be reached or refused the request; the message names the store, never its credentials. */
export class MediaStorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaStorageError';
  }
}
