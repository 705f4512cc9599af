import type { PlainResponse } from './plain-error.mjs';

export const MAX_HEADER_BYTES: number;
export const MAX_URL_BYTES: number;
export function uriTooLong(length: number): PlainResponse;
export function parserRefusal(errorCode: string | undefined): PlainResponse;
