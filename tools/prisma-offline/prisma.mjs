#!/usr/bin/env node
// The project's one entry point to the Prisma CLI:
//   node tools/prisma-offline/prisma.mjs generate
//   node tools/prisma-offline/prisma.mjs migrate deploy | migrate status | migrate dev --name <name> | ...
//
// Runs the CLI installed in node_modules (node_modules/prisma/build/index.js) with the given
// arguments, from the project root (where prisma.config.ts lives).
//
// - If the native schema engine is usable (downloaded into node_modules/@prisma/engines by the
//   package's postinstall, or named by PRISMA_SCHEMA_ENGINE_BINARY), nothing is changed: stock Prisma.
// - Otherwise (offline machine: the download failed) PRISMA_SCHEMA_ENGINE_BINARY is pointed at
//   tools/prisma-offline/schema-engine.mjs, which serves the engine's protocol from the Wasm build
//   of the engine. With that variable set to an existing file the CLI downloads nothing. The update
//   check is switched off too (CHECKPOINT_DISABLE, PRISMA_HIDE_UPDATE_MESSAGE) so no command waits
//   on the network. PRISMA_OFFLINE_ENGINE=1 forces the shim, PRISMA_OFFLINE_ENGINE=0 forbids it.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '../..');
const prismaCli = path.join(projectRoot, 'node_modules', 'prisma', 'build', 'index.js');
const enginesDir = path.join(projectRoot, 'node_modules', '@prisma', 'engines');
const offlineEngine = path.join(here, 'schema-engine.mjs');

/** A native engine the CLI will use without downloading anything. */
function nativeEngineAvailable(env) {
  if (env.PRISMA_SCHEMA_ENGINE_BINARY || env.PRISMA_MIGRATION_ENGINE_BINARY) return true; // the user's choice
  let names = [];
  try {
    names = fs.readdirSync(enginesDir);
  } catch {
    return false;
  }
  // e.g. schema-engine-debian-openssl-3.0.x, schema-engine-darwin-arm64, schema-engine-windows.exe
  return names.some((name) => /^schema-engine-[\w.-]+$/.test(name) && !/\.(gz|sha256|tmp)$/.test(name));
}

function ensureExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    fs.chmodSync(file, 0o755);
  }
}

const env = { ...process.env };
const mode = env.PRISMA_OFFLINE_ENGINE;
const useShim = mode === '1' || (mode !== '0' && !nativeEngineAvailable(env));

if (useShim) {
  ensureExecutable(offlineEngine);
  env.PRISMA_SCHEMA_ENGINE_BINARY = offlineEngine;
  delete env.PRISMA_MIGRATION_ENGINE_BINARY; // deprecated alias; would only add a warning
  env.CHECKPOINT_DISABLE ??= '1'; // no update check / telemetry request
  env.PRISMA_HIDE_UPDATE_MESSAGE ??= '1';
  // The shim starts with `#!/usr/bin/env node`: make that the node running this script.
  const nodeDir = path.dirname(process.execPath);
  const pathEntries = (env.PATH ?? '').split(path.delimiter).filter((entry) => entry && entry !== nodeDir);
  env.PATH = [nodeDir, ...pathEntries].join(path.delimiter);
}

if (!fs.existsSync(prismaCli)) {
  console.error(`Prisma CLI not found at ${path.relative(process.cwd(), prismaCli)}: run \`npm install\` first.`);
  process.exit(1);
}

const child = spawn(process.execPath, [prismaCli, ...process.argv.slice(2)], {
  cwd: projectRoot,
  env,
  stdio: 'inherit',
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}

child.on('error', (error) => {
  console.error(`Could not start the Prisma CLI: ${error.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
