// Zod compiles object parsers with `new Function` unless told not to, and probes for it when a schema is made; the
// pages' Content-Security-Policy (no 'unsafe-eval') refuses that, and the browser reports a violation for the probe.
// In the browser, schemas run interpreted; the server, which has no such policy, keeps the compiled parsers.
// This is what `z.config({ jitless: true })` writes, set before any zod module loads: zod reads its configuration
// from this global (zod/v4/core/core.js), and importing zod here would put its core into every page's first load.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
