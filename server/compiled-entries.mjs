// The TypeScript entry points that run outside Next, compiled to dist/<name>.mjs by scripts/release/compile-server.mjs:
// one list, so the compile step and the check that dist/ is complete (server/compiled.mjs) agree.
export const SERVER_ENTRY_POINTS = {
  worker: 'server/worker.ts',
  'analytics-writer': 'server/analytics-writer.ts',
  'check-config': 'server/check-config.ts',
  'check-calendar-key': 'server/check-calendar-key.ts',
  seed: 'prisma/seed.ts',
  'staff-create': 'server/commands/staff-create.ts',
};
