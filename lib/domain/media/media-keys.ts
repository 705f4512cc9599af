import { randomToken } from '@/lib/core/tokens';

/**
 * Storage keys. An original's key is new for every upload (`o/<image id>/<random>`), a processed file's is its address
 * (`v/<hash>/<width>.<format>`): the same bytes always land on the same key, so a key's bytes never change.
 */
export const originalKey = (mediaId: string) => `o/${mediaId}/${randomToken(12)}`;
export const variantKey = (hash: string, slot: number, format: string) => `v/${hash}/${slot}.${format}`;
