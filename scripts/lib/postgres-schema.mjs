import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The source of the data model (SQLite) and the PostgreSQL copy written from it. */
export const SQLITE_SCHEMA = path.join(root, 'prisma/schema.prisma');
export const POSTGRES_SCHEMA = path.join(root, 'prisma/postgres/schema.prisma');

const HEADER =
  '// GENERATED from prisma/schema.prisma by `npm run db:postgres-schema`: do not edit. Only the datasource provider\n' +
  '// and the generator output differ (a unit test checks it); change the SQLite schema and run the script.\n';

const PROVIDER = /(datasource\s+db\s*\{[^}]*provider\s*=\s*)"sqlite"/;
const OUTPUT = /(generator\s+client\s*\{[^}]*output\s*=\s*)"\.\.\/lib\/generated\/prisma"/;

/**
 * The PostgreSQL schema for a SQLite schema text: the same models, only `provider = "postgresql"` and the client
 * generated into lib/generated/prisma-postgres (each provider needs its own client). Throws when the SQLite schema
 * no longer has the two lines this replaces, rather than writing a schema that silently differs.
 */
export function postgresSchemaFrom(sqliteSchema) {
  if (!PROVIDER.test(sqliteSchema) || !OUTPUT.test(sqliteSchema)) {
    throw new Error('prisma/schema.prisma: expected `provider = "sqlite"` in datasource db and `output = "../lib/generated/prisma"` in generator client');
  }
  return HEADER + sqliteSchema.replace(PROVIDER, '$1"postgresql"').replace(OUTPUT, '$1"../../lib/generated/prisma-postgres"');
}

/** Writes prisma/postgres/schema.prisma from prisma/schema.prisma; true when it changed. */
export function writePostgresSchema() {
  const next = postgresSchemaFrom(readFileSync(SQLITE_SCHEMA, 'utf8'));
  let current = '';
  try {
    current = readFileSync(POSTGRES_SCHEMA, 'utf8');
  } catch {
    // first time
  }
  if (current === next) return false;
  writeFileSync(POSTGRES_SCHEMA, next);
  return true;
}
