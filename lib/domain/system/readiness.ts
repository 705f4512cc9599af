import { pendingMigrations } from '../../db/migration-status';

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Ready to serve: the database answers and has every migration of this release (GET /readyz). */
export async function checkReadiness(): Promise<Readiness> {
  try {
    const pending = await pendingMigrations();
    if (pending.length === 0) return { ready: true };
    return { ready: false, reason: `The database lacks ${pending.length} migration(s) of this release: ${pending.join(', ')}.` };
  } catch {
    return { ready: false, reason: 'The database does not answer.' };
  }
}
