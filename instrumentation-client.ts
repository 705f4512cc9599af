import { config } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` unless told not to, and probes for it when a schema is made; the
// pages' Content-Security-Policy (no 'unsafe-eval') refuses that, and the browser reports a violation for the probe.
// In the browser, schemas run interpreted; the server, which has no such policy, keeps the compiled parsers.
config({ jitless: true });
