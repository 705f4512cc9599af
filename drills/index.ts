import { fuzzDrill } from './fuzz';
import { killNineDrill } from './kill-nine';
import { restoreDrill } from './restore';
import { runnerDeathDrill } from './runner-death';
import { sigtermDrill } from './sigterm';
import { soakDrill } from './soak';
import { storageDrill } from './storage';
import { webhookKillNineDrill } from './webhook-kill-nine';
import type { DrillForm, DrillResult, Log } from '../test-support/drills/drill-result';

/** Every drill by the name `npm run drills -- <name>` takes, in the order they run. Soak has no short form. */
export const DRILLS: Record<string, { run: (options: { form: DrillForm; log?: Log }) => Promise<DrillResult>; longOnly?: boolean }> = {
  fuzz: { run: fuzzDrill },
  'kill-nine': { run: killNineDrill },
  'runner-death': { run: runnerDeathDrill },
  sigterm: { run: sigtermDrill },
  restore: { run: restoreDrill },
  storage: { run: storageDrill },
  webhooks: { run: webhookKillNineDrill },
  soak: { run: soakDrill, longOnly: true },
};
