import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, generateClientTypes } from '../../scripts/lib/client-types';

describe('the typed client', () => {
  it('has the types of the OpenAPI document the server serves (else run `npm run client:generate`)', async () => {
    const served = JSON.parse(readFileSync('lib/generated/openapi.json', 'utf8')) as object;
    const committed = readFileSync(CLIENT_TYPES_FILE, 'utf8');
    expect(committed === (await generateClientTypes(served)), `${CLIENT_TYPES_FILE} is stale: run \`npm run client:generate\``).toBe(true);
  });
});
