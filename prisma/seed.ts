/**
 * Loads the content under prisma/content into the database.
 *   tsx prisma/seed.ts            replace all content with the files (prisma db seed, npm run db:seed)
 *   tsx prisma/seed.ts --if-empty only when the database has no content yet (npm start does this)
 */
import { hasContent, importContentBundle } from '../lib/domain/content/import-content';
import { loadContentFiles } from './load-content-files';

async function main() {
  if (process.argv.includes('--if-empty') && (await hasContent())) {
    console.log('Seed: content already present, nothing to do (run `npm run db:seed` to reload the files).');
    return;
  }
  const summary = await importContentBundle(loadContentFiles());
  console.log(`Seed: imported ${JSON.stringify(summary)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
