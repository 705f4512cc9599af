/**
 * Loads the content under prisma/content into the database.
 *   tsx prisma/seed.ts            replace all content with the files (prisma db seed, npm run db:seed)
 *   tsx prisma/seed.ts --if-empty only when the database has no content yet (npm start does this)
 * With SEED_DEMO_HISTORY=true (never in production), also eleven weeks of promises kept and missed
 * (prisma/demo/promise-history.json), into a database that has no inquiries, bookings or reports yet.
 */
import { loadDemoHistory } from '../lib/domain/commitments/demo-history';
import { hasContent, importContentBundle } from '../lib/domain/content/import-content';
import { fillMissingInsightBodyFacts } from '../lib/domain/insights/insight-body-facts';
import { createStaffUser, StaffAccountExistsError } from '../lib/domain/staff/accounts';
import type { StaffRole } from '../lib/domain/staff/roles';
import { loadDemoHistoryFile } from './demo-history';
import { loadContentFiles } from './load-content-files';
import { importSeedPictures } from '../lib/domain/media/seed-media';
import { contentPictureIds } from '../lib/domain/media/content-picture-ids';
import { cachedProcessImage } from './processed-image-cache';
import { loadSeedPictures, missingPictureIds } from './seed-pictures';

/**
 * Development convenience: STAFF_SEED_EMAIL and STAFF_SEED_PASSWORD (and optionally STAFF_SEED_ROLE,
 * default admin) create a first staff account. Never in production: use `npm run staff:create` there.
 */
async function seedStaffAccount() {
  const { STAFF_SEED_EMAIL: email, STAFF_SEED_PASSWORD: password, STAFF_SEED_ROLE: role = 'admin', NODE_ENV } = process.env;
  if (!email || !password || NODE_ENV === 'production') return;
  try {
    await createStaffUser({ email, password, role: role as StaffRole, displayName: email.split('@')[0]! });
    console.log(`Seed: created ${role} staff account ${email}.`);
  } catch (error) {
    if (!(error instanceof StaffAccountExistsError)) throw error;
  }
}

/** Demonstrations: the firm's promises of the last twelve weeks, so the overview and /staff/promises have a history. */
async function seedDemoHistory() {
  if (process.env.SEED_DEMO_HISTORY !== 'true' || process.env.NODE_ENV === 'production') return;
  try {
    console.log(`Seed: loaded the demo history of promises ${JSON.stringify(await loadDemoHistory(loadDemoHistoryFile(), new Date()))}.`);
  } catch (error) {
    console.log(`Seed: no demo history: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function main() {
  await seedStaffAccount();
  if (process.argv.includes('--if-empty') && (await hasContent())) {
    // Rows from before reading time and body digest were stored get them now (npm start runs this).
    const filled = await fillMissingInsightBodyFacts();
    if (filled > 0) console.log(`Seed: stored reading time and digest of ${filled} insight bodies.`);
    console.log('Seed: content already present, nothing to do (run `npm run db:seed` to reload the files).');
    await seedDemoHistory();
    return;
  }
  const bundle = loadContentFiles();
  const pictures = await loadSeedPictures();
  const missing = missingPictureIds(contentPictureIds(bundle), pictures);
  if (missing.length > 0) throw new Error(`Content files under prisma/content name pictures that media.json lacks: ${missing.join(', ')}`);
  // The pictures first: the content that shows them is published with them.
  const made = await importSeedPictures(pictures, cachedProcessImage);
  const summary = await importContentBundle(bundle);
  console.log(`Seed: imported ${JSON.stringify({ ...summary, pictures: pictures.length, picturesProcessed: made })}`);
  await seedDemoHistory();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
