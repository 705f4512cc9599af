import type { ServerResponse } from 'node:http';

export interface HeldCopy {
  etag: unknown;
  headers: Record<string, unknown>;
  body: Buffer;
}

export interface CopyStore {
  current(key: string, currentEtag: string | null | undefined): HeldCopy | undefined;
  watch(
    response: ServerResponse,
    key: string,
    currentEtag: () => string | null | undefined,
    options?: {
      beside?: { key: string; make: (copy: HeldCopy) => Promise<HeldCopy | undefined> };
      editionOf?: (values: Record<string, unknown>) => unknown;
    },
  ): void;
  send(response: ServerResponse, copy: HeldCopy, extraHeaders?: Record<string, unknown>): void;
  size(): { copies: number; bytes: number };
}

export function isShareableAnswer(values: Record<string, unknown>, currentEtag: string | null | undefined): boolean;

export function createCopyStore(options: {
  maxBytes: number;
  maxCopyBytes: number;
  shareable?: (values: Record<string, unknown>, currentEtag: string | null | undefined) => boolean;
}): CopyStore;
