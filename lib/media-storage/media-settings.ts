import { z } from 'zod';

const MEGABYTE = 1024 * 1024;
/** libvips refuses images past 0x3FFF × 0x3FFF pixels whatever it is told; a higher limit would only mislead. */
const LIBVIPS_PIXEL_CEILING = 0x3fff * 0x3fff;

const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The media library's environment (docs/media.md), part of lib/config.ts's schema: where the bytes live and how large
 * an upload may be.
 */
export const MEDIA_SETTINGS = {
  /** `database` (default): the bytes in the database, shared by every instance; `s3`: an S3-compatible bucket. */
  MEDIA_STORAGE: z.enum(['database', 's3']).default('database'),
  /** Largest upload, in bytes (15 MB): past it the upload gets 413 and nothing is stored. */
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(200 * MEGABYTE)
    .default(15 * MEGABYTE),
  /** Most pixels an upload may have (40 megapixels): a file that inflates past it is refused before it is decoded. */
  MEDIA_MAX_PIXELS: z.coerce.number().int().min(1).max(LIBVIPS_PIXEL_CEILING).default(40_000_000),
  /** MEDIA_STORAGE=s3: the bucket (required), its region, and the endpoint of a store other than AWS. */
  MEDIA_S3_BUCKET: unsetWhenEmpty(z.string().min(3).max(63)),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_ENDPOINT: unsetWhenEmpty(z.url({ protocol: /^https?$/ })),
  /** Credentials; unset, the SDK's own chain (environment, profile, instance role) applies. */
  MEDIA_S3_ACCESS_KEY_ID: unsetWhenEmpty(z.string().min(1)),
  MEDIA_S3_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string().min(1)),
  /** `true` for stores that address buckets by path (MinIO, most self-hosted ones). */
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Keys start with this (e.g. `media/`), so the bucket can hold other things. */
  MEDIA_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'MEDIA_S3_PREFIX must be empty or folder names each ending in /, e.g. media/')
    .default(''),
};
