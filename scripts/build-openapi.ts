/**
 * Generates lib/generated/openapi.json at build time (runs before `next build`, `tsc` and the tests).
 * The document comes from the zod contract; next-swagger-doc assembles it (design card) and merges any
 * JSDoc `@swagger` prose from route files. It scans source files, so it must not run per request.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSwaggerSpec } from 'next-swagger-doc';
import { buildOpenApiDocument } from '../lib/openapi/build-document';

const definition = buildOpenApiDocument();
const spec = createSwaggerSpec({
  definition: definition as never,
  apis: ['app/**/route.ts'],
});

const target = path.join(process.cwd(), 'lib/generated/openapi.json');
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(spec, null, 2)}\n`);
console.log(`OpenAPI document written to ${path.relative(process.cwd(), target)}`);
