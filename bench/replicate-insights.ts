/**
 * For `npm run bench -- --insights N`: replaces the content of DATABASE_URL with the seed content whose
 * published insights are copied (distinct ids, same text) until at least N are published, through the
 * domain's own import (rows, search index and revision in one transaction). Writes to --out a JSON
 * file with the published count and a vocabulary of searchable words for random queries.
 *   tsx bench/replicate-insights.ts --insights 10000 --out /tmp/x.json
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { importContentBundle } from '../lib/domain/content/import-content';
import { isStopWord } from '../lib/domain/search/english-stop-words';
import { loadContentFiles } from '../prisma/load-content-files';

const { values } = parseArgs({ options: { insights: { type: 'string' }, out: { type: 'string' } } });
const target = Number(values.insights);
if (!Number.isInteger(target) || target < 1 || !values.out) throw new Error('usage: --insights <count> --out <file.json>');

const bundle = loadContentFiles();
const published = bundle.insights.filter((insight) => insight.status === 'published');
const copies = Math.ceil(target / published.length);
const replicas = published.flatMap((insight) => Array.from({ length: copies - 1 }, (_, n) => ({ ...insight, id: `${insight.id}-copy-${n + 2}` })));
const summary = await importContentBundle({ ...bundle, insights: [...bundle.insights, ...replicas] });

// Words a reader would type: those of titles and keywords, three letters or more, not stop words.
const vocabulary = [
  ...new Set(
    published
      .flatMap((insight) => `${insight.title} ${insight.keywords.join(' ')}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
      .filter((word) => word.length >= 3 && !isStopWord(word)),
  ),
].sort();

writeFileSync(values.out, JSON.stringify({ published: published.length * copies, imported: summary.insights, vocabulary }));
process.exit(0);
