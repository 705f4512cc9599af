/**
 * Rebuilds clients/typescript/openapi-types.ts from lib/generated/openapi.json (`npm run client:generate` writes that
 * document first). A unit test regenerates the types in memory and fails when the committed file differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CLIENT_TYPES_FILE, generateClientTypes } from './lib/client-types';

const document = JSON.parse(readFileSync('lib/generated/openapi.json', 'utf8')) as object;
writeFileSync(CLIENT_TYPES_FILE, await generateClientTypes(document));
console.log(`Client types written to ${CLIENT_TYPES_FILE}`);
