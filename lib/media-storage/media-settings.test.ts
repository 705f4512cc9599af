import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../config';

const parse = (env: Record<string, string>) => EnvSchema.safeParse(env);
const problems = (env: Record<string, string>) => {
  const result = parse(env);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('media settings', () => {
  it('default to the database, 15 MB and 40 megapixels', () => {
    expect(parse({}).data).toMatchObject({
      MEDIA_STORAGE: 'database',
      MEDIA_MAX_BYTES: 15 * 1024 * 1024,
      MEDIA_MAX_PIXELS: 40_000_000,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_FORCE_PATH_STYLE: false,
      MEDIA_S3_PREFIX: '',
    });
  });

  it('need a bucket with MEDIA_STORAGE=s3, and read the rest of MEDIA_S3_*', () => {
    expect(problems({ MEDIA_STORAGE: 's3' })).toEqual(['MEDIA_S3_BUCKET: MEDIA_STORAGE=s3 needs MEDIA_S3_BUCKET (see docs/media.md)']);
    expect(
      parse({
        MEDIA_STORAGE: 's3',
        MEDIA_S3_BUCKET: 'throughline-media',
        MEDIA_S3_ENDPOINT: 'https://minio.internal:9000',
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
        MEDIA_S3_PREFIX: 'site/media/',
        MEDIA_S3_ACCESS_KEY_ID: '',
      }).data,
    ).toMatchObject({
      MEDIA_S3_BUCKET: 'throughline-media',
      MEDIA_S3_ENDPOINT: 'https://minio.internal:9000',
      MEDIA_S3_FORCE_PATH_STYLE: true,
      MEDIA_S3_PREFIX: 'site/media/',
      MEDIA_S3_ACCESS_KEY_ID: undefined,
    });
  });

  it('refuse limits and names that cannot work', () => {
    expect(problems({ MEDIA_MAX_BYTES: '100' })).toEqual(['MEDIA_MAX_BYTES: Too small: expected number to be >=1024']);
    expect(problems({ MEDIA_MAX_PIXELS: '300000000' })).toEqual(['MEDIA_MAX_PIXELS: Too big: expected number to be <=268402689']);
    expect(problems({ MEDIA_S3_PREFIX: '/media' })).toEqual(['MEDIA_S3_PREFIX: MEDIA_S3_PREFIX must be empty or folder names each ending in /, e.g. media/']);
    expect(problems({ MEDIA_STORAGE: 'disk' })).toHaveLength(1);
  });
});
