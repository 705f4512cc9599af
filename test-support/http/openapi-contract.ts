import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks an HTTP answer against the OpenAPI document the server serves: its status must be documented for the
 * operation and its body must match that response's schema. Outside the documented operations only the JSON 404/405
 * envelope is acceptable. Used by the HTTP tests (test-support/http/contract.ts) and the fuzz drill.
 */
export type OpenApiDocument = {
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
};

export interface CheckedResponse {
  status: number;
  body: unknown;
  text: string;
}

/** Null when the answer keeps the contract; otherwise what is wrong with it. */
export type ContractCheck = (method: string, pathname: string, response: CheckedResponse) => string | null;

/** The documented path template a concrete path belongs to; static segments win over parameters. */
export function templateFor(document: OpenApiDocument, pathname: string): string | undefined {
  const candidates = Object.keys(document.paths).filter((template) => {
    const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{[^}]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(pathname);
  });
  return candidates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function envelopeProblem(response: CheckedResponse): string | null {
  const body = response.body as { detail?: unknown; code?: unknown } | null;
  if (![404, 405].includes(response.status) || typeof body?.detail !== 'string' || typeof body?.code !== 'string') {
    return `Undocumented response ${response.status}: ${response.text.slice(0, 500)}`;
  }
  return null;
}

export function contractChecker(document: OpenApiDocument): ContractCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi');
  return (method, pathname, response) => {
    const template = templateFor(document, pathname);
    const operation = template ? document.paths[template]?.[method.toLowerCase()] : undefined;
    if (!template || !operation) return envelopeProblem(response);
    const documented = operation.responses[String(response.status)];
    if (!documented) return `${method} ${template} answered ${response.status}, which the document does not list`;
    const content = documented.content?.['application/json'];
    if (!content) return response.text === '' ? null : `${method} ${template} ${response.status} should have no body`;
    const validate = ajv.getSchema(
      `openapi#/${pointer('paths', template, method.toLowerCase(), 'responses', String(response.status), 'content', 'application/json', 'schema')}`,
    );
    if (!validate) return `${method} ${template} ${response.status}: schema not found`;
    return validate(response.body) ? null : `${method} ${pathname} ${response.status} does not match the contract: ${JSON.stringify(validate.errors, null, 2)}`;
  };
}
