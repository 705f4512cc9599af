import type { PlainResponse } from './plain-error.mjs';

export type OriginRule = 'exempt' | 'api' | 'browser';

export function originRuleFor(pathname: string): OriginRule;
export function crossOriginRefusal(request: {
  method: string;
  pathname: string;
  origin: string | undefined;
  hosts: (string | undefined)[];
}): PlainResponse | null;
