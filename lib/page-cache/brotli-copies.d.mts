export function brotliKeyOf(address: string): string;

export function acceptsBrotli(acceptEncoding: string | string[] | undefined): boolean;

export function brotliHeadersOf(headers: Record<string, unknown>): Record<string, unknown>;

export function brotliCopyOf(
  copy: {
    etag: unknown;
    headers: Record<string, unknown>;
    body: Buffer;
  },
  quality: number,
): Promise<{ etag: unknown; headers: Record<string, unknown>; body: Buffer } | undefined>;
