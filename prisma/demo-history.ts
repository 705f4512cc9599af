import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DemoHistory } from '../lib/domain/commitments/demo-history';

export const DEMO_HISTORY_FILE = path.join(process.cwd(), 'prisma/demo/promise-history.json');

/** Reads and validates the demonstration history of the firm's promises. */
export function loadDemoHistoryFile(): DemoHistory {
  return DemoHistory.parse(JSON.parse(readFileSync(DEMO_HISTORY_FILE, 'utf8')));
}
