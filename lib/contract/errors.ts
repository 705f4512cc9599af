import { z } from 'zod';
import 'zod-openapi';

/** One entry of a 422 body, shaped like pydantic v2 / FastAPI so existing clients parse it unchanged. */
export const ValidationError = z
  .object({
    loc: z.array(z.union([z.string(), z.int()])).meta({ description: 'Where the error is: ["query"|"path"|"body", field, …]' }),
    msg: z.string(),
    type: z.string().meta({ example: 'less_than_equal' }),
    input: z.unknown().optional(),
    ctx: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ValidationError', title: 'ValidationError' });

export const HTTPValidationError = z.object({ detail: z.array(ValidationError) }).meta({ id: 'HTTPValidationError', title: 'HTTPValidationError' });

/** Every non-422 error shares this envelope; some codes add fields that help the client act. */
export const ErrorResponse = z
  .looseObject({
    detail: z.string().meta({ description: 'A sentence for humans.' }),
    code: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/)
      .meta({ description: 'Stable machine-readable code.', example: 'NOT_FOUND' }),
  })
  .meta({ id: 'ErrorResponse', title: 'ErrorResponse' });

export type ValidationErrorItem = z.infer<typeof ValidationError>;
export type ErrorBody = z.infer<typeof ErrorResponse>;
