import type { z } from 'zod';

/**
 * A custom zod issue that states the pydantic error it stands for, so the 422 translator can report
 * checks zod has no code for (future date-times, cross-field rules) in pydantic's words.
 */
export function pydanticIssue(type: string, msg: string, ctx?: Record<string, unknown>, path?: (string | number)[]): z.core.$ZodRawIssue {
  return { code: 'custom', message: msg, input: undefined, params: { pydantic: { type, msg, ctx } }, ...(path ? { path } : {}) };
}
