import type { ValidationErrorItem } from '@/lib/contract/errors';
import { ApiError, RequestValidationError } from './api-error';
import { jsonShapeProblem } from './json-shape-limits';

/** The rest of the body stays unread, so the connection cannot carry another request: ask the client to close it. */
function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`, { maxBytes: limit }, { connection: 'close' });
}

/** Reads at most `limit` bytes, as sent; a larger body is refused as soon as it is known, without reading the rest. */
export async function readBodyBytes(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Python's json module words for the common failures, which FastAPI clients see in ctx.error. */
function jsonProblem(text: string, error: SyntaxError): { position: number; message: string } {
  const match = /position (\d+)/.exec(error.message);
  const charIndex = match ? Number(match[1]) : text.length;
  const position = Buffer.byteLength(text.slice(0, charIndex));
  const next = text.slice(charIndex).trimStart()[0];
  const message =
    next === undefined
      ? 'Expecting value'
      : /[}"]/.test(next) && /[{,]\s*$/.test(text.slice(0, charIndex))
        ? 'Expecting property name enclosed in double quotes'
        : 'Expecting value';
  return { position, message };
}

const isJsonType = (contentType: string | null) => !contentType || /^application\/([\w.+-]*\+)?json\b/i.test(contentType.split(';')[0]!.trim());

/**
 * The request body as JSON, the way FastAPI reads it: an empty body is a missing body, a body that
 * is not JSON is a json_invalid error at its byte offset, and a body of another media type is
 * reported as not being an object. A body nested too deep or with a list too long is refused too (json-shape-limits.ts).
 */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyBytes(request, limit));
  const fail = (item: ValidationErrorItem) => {
    throw new RequestValidationError([item]);
  };
  if (text.trim() === '') return fail({ type: 'missing', loc: ['body'], msg: 'Field required', input: null });
  if (!isJsonType(request.headers.get('content-type'))) {
    return fail({ type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: text });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { position, message } = jsonProblem(text, error as SyntaxError);
    return fail({ type: 'json_invalid', loc: ['body', position], msg: 'JSON decode error', input: {}, ctx: { error: message } });
  }
  const shapeProblem = jsonShapeProblem(text, value);
  return shapeProblem ? fail(shapeProblem) : value;
}
