import type { PlainResponse } from './plain-error.mjs';

/** Methods that only read: never refused for their origin. */
export const SAFE_METHODS: ReadonlySet<string>;

export type OriginRule = 'exempt' | 'api' | 'browser';

export function originRuleFor(pathname: string): OriginRule;
export function crossOriginRefusal(request: {
  method: string;
  pathname: string;
  origin: string | undefined;
  hosts: (string | undefined)[];
}): PlainResponse | null;
