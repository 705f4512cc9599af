#!/usr/bin/env node
// Offline stand-in for Prisma's native `schema-engine` binary.
//
// The Prisma CLI starts the binary named by PRISMA_SCHEMA_ENGINE_BINARY and talks to it with
// JSON-RPC 2.0 over stdin/stdout (one message per line), reading JSON log lines from stderr.
// This program serves that protocol from the Wasm build of the same engine
// (@prisma/schema-engine-wasm), which reaches the database through a driver adapter
// (adapters.mjs). tools/prisma-offline/prisma.mjs points the CLI here only when the native engine is missing.
//
// Usage (as the CLI calls it):
//   schema-engine.mjs --version
//   schema-engine.mjs [--datamodels <file>]... [--datasource <json>]          (JSON-RPC on stdio)
//   schema-engine.mjs --datasource <json> cli can-connect-to-database|create-database|drop-database

import fs from 'node:fs';
import readline from 'node:readline';
import { adapterFor, providerFromSchemas, providerFromUrl, UserFacingError } from './adapters.mjs';
import { bindAdapterFactory, createEngine, loadWasmEngine, takePanicMessage } from './wasm-engine.mjs';

// stdout carries the protocol only: send any stray console output to stderr.
for (const method of ['log', 'info', 'debug', 'warn']) console[method] = console.error.bind(console);

/** Engine-style log line on stderr (the CLI parses these as JSON). */
function logLine(level, message, extra = {}) {
  process.stderr.write(
    JSON.stringify({
      timestamp: new Date().toISOString(),
      level,
      fields: { message, ...extra },
      target: 'schema_engine::logger',
    }) + '\n',
  );
}

// ---------------------------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const options = { datamodelPaths: [], datasource: undefined, version: false, help: false, cli: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`Missing value for ${arg}`);
      return argv[++i];
    };
    switch (arg) {
      case '--version':
      case '-V':
        options.version = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      case '--datamodels':
      case '-d':
        options.datamodelPaths.push(value());
        break;
      case '--datasource':
        options.datasource = JSON.parse(value());
        break;
      case '--enabled-preview-features':
      case '--extension-types':
        value(); // accepted for compatibility; the Wasm engine takes neither
        break;
      case 'cli':
        options.cli = argv.slice(i + 1);
        i = argv.length;
        break;
      default:
        if (arg.startsWith('--datamodels=')) options.datamodelPaths.push(arg.slice('--datamodels='.length));
        else if (arg.startsWith('--datasource=')) options.datasource = JSON.parse(arg.slice('--datasource='.length));
        else throw new Error(`Unknown argument: ${arg}`);
    }
  }
  return options;
}

const HELP = `schema-engine (prisma-offline shim): Prisma's Wasm schema engine behind the native engine's CLI.

Usage:
  schema-engine.mjs --version
  schema-engine.mjs [--datamodels <file>]... [--datasource <json>]     JSON-RPC 2.0 on stdin/stdout
  schema-engine.mjs --datasource <json> cli <can-connect-to-database|create-database|drop-database>
`;

// ---------------------------------------------------------------------------------------------
// Datasource and adapter selection
// ---------------------------------------------------------------------------------------------

function resolveDatasource(options, datamodels) {
  const url = options.datasource?.url;
  const provider = providerFromUrl(url) ?? providerFromSchemas(datamodels) ?? 'sqlite';
  // Commands that need no database (e.g. `migrate diff --from-empty --to-schema`) still need an
  // adapter for the engine: give SQLite an in-memory database.
  const datasource = { ...options.datasource, url: url ?? (provider === 'sqlite' ? 'file::memory:' : undefined) };
  return { provider, datasource, adapter: adapterFor(provider) };
}

/** Connection string from a `DatasourceParam` ({ tag: 'ConnectionString', url } | { tag: 'Schema', ... }). */
function urlFromDatasourceParam(param, fallback) {
  if (param?.tag === 'ConnectionString' && param.url) return param.url;
  return fallback;
}

// ---------------------------------------------------------------------------------------------
// `cli` subcommands
// ---------------------------------------------------------------------------------------------

async function runCliCommand(options) {
  // The CLI ignores the first stderr line of these commands and parses the rest as JSON logs.
  logLine('INFO', 'Starting schema engine CLI (prisma-offline, Wasm)');
  const [command] = options.cli;
  try {
    const { adapter, datasource } = resolveDatasource(options, []);
    if (!datasource.url) throw new UserFacingError('P1012', 'The datasource url is missing.');
    switch (command) {
      case 'can-connect-to-database':
        if (adapter.canConnect) {
          await adapter.canConnect(datasource);
        } else {
          const session = await adapter.openSession(datasource);
          try {
            await (await session.factory.connect()).dispose?.();
          } finally {
            await session.close?.();
          }
        }
        logLine('INFO', 'Connection successful');
        break;
      case 'create-database': {
        const name = await adapter.createDatabase(datasource);
        logLine('INFO', `Database '${name}' was successfully created.`);
        break;
      }
      case 'drop-database':
        await adapter.dropDatabase(datasource);
        logLine('INFO', 'The database was successfully dropped.');
        break;
      default:
        throw new Error(`Unknown cli command: ${command ?? '(none)'}`);
    }
    return 0;
  } catch (error) {
    const code = isErrorCode(error?.code) ? error.code : undefined;
    logLine('ERROR', error?.message ?? String(error), code ? { error_code: code } : {});
    return 1;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON-RPC server
// ---------------------------------------------------------------------------------------------

/** Methods whose JSON-RPC name differs from the engine's method name. */
const METHOD_ALIASES = { getDatabaseVersion: 'version' };

const SHADOW_FACTORY_ERROR = /shadow DB must be provided through an external factory/;

const isErrorCode = (code) => typeof code === 'string' && /^P\d{4}$/.test(code);

function errorResponse(id, error, errorRegistry) {
  const panic = takePanicMessage();
  if (panic || error instanceof WebAssembly.RuntimeError) {
    return {
      jsonrpc: '2.0',
      id,
      error: {
        code: 4466,
        message: 'An error happened. Check the data field for details.',
        data: { is_panic: true, message: panic || String(error?.message ?? error), backtrace: error?.stack ?? null },
      },
    };
  }
  let message = error?.message ?? String(error);
  let code = isErrorCode(error?.code) ? error.code : undefined;
  // Errors thrown by the driver adapter come back as `External error id#N`: attach the original.
  message = message.replace(/External error id#(\d+)/g, (match, id) => {
    const original = errorRegistry?.consumeError(Number(id))?.error;
    if (!original) return match;
    if (!code && isErrorCode(original.code)) code = original.code;
    return `${match}: ${original.message ?? String(original)}`;
  });
  const data = { is_panic: false, message };
  if (code) data.error_code = code;
  if (error?.meta !== undefined) data.meta = error.meta;
  return {
    jsonrpc: '2.0',
    id,
    error: { code: 4466, message: 'An error happened. Check the data field for details.', data },
  };
}

async function serveRpc(options) {
  const datamodels = options.datamodelPaths.map((file) => [file, fs.readFileSync(file, 'utf8')]);
  const { provider, adapter, datasource } = resolveDatasource(options, datamodels);
  // Some commands start the engine without a schema (e.g. `migrate diff --from-empty`); the native
  // engine accepts that, the Wasm one panics. Give it a schema with only the datasource block.
  if (datamodels.length === 0) datamodels.push(['schema.prisma', `datasource db {\n  provider = "${provider}"\n}\n`]);

  let sessionPromise;
  let enginePromise;
  let errorRegistry;
  const getSession = () => (sessionPromise ??= adapter.openSession(datasource));
  const getEngine = () => {
    enginePromise ??= (async () => {
      const session = await getSession();
      const forwardLog = (line) => {
        const text = typeof line === 'string' ? line : JSON.stringify(line);
        process.stderr.write(text.endsWith('\n') ? text : text + '\n');
      };
      const bound = await bindAdapterFactory(session.factory);
      errorRegistry = bound.errorRegistry;
      return createEngine(datamodels, bound, forwardLog);
    })();
    return enginePromise;
  };

  const handlers = {
    // The Wasm engine has no createDatabase; SQLite just needs the file.
    async createDatabase(params) {
      if (!adapter.createDatabase) throw new Error(`createDatabase is not supported for ${provider}`);
      const url = urlFromDatasourceParam(params?.datasource, datasource.url);
      return { databaseName: await adapter.createDatabase({ ...datasource, url }) };
    },
    // See adapters.mjs: the Wasm engine's reset leaves SQLite databases half-emptied.
    async reset(params) {
      const session = await getSession();
      if (session.reset) {
        await session.reset(params);
        return null;
      }
      return (await getEngine()).reset(params);
    },
    // See adapters.mjs (adaptConnection): a missing history table reads as an empty one, so report
    // its absence the way the native engine does.
    async diagnoseMigrationHistory(params) {
      const session = await getSession();
      const hadTable = session.hasMigrationsTable ? await session.hasMigrationsTable() : true;
      const result = await (await getEngine()).diagnoseMigrationHistory(params);
      if (!hadTable && result && typeof result === 'object') result.hasMigrationsTable = false;
      return result;
    },
    // Same cause: with a missing history table read as empty, the engine skips creating it before
    // recording a baseline (`migrate resolve --applied` on an existing database). Create it first.
    async markMigrationApplied(params) {
      const session = await getSession();
      const engine = await getEngine();
      if (session.hasMigrationsTable && !(await session.hasMigrationsTable())) await session.createMigrationsTable();
      return engine.markMigrationApplied(params);
    },
    async introspect(params) {
      await (await getSession()).checkDatabaseExists?.();
      return (await getEngine()).introspect(params);
    },
    // The native engine does not return the diff: it sends it to the CLI in a `print` request, which
    // the CLI writes to stdout (or to the --output file). The Wasm engine returns it instead.
    async diff(params) {
      const result = await (await getEngine()).diff(params);
      if (result && typeof result.stdout === 'string') {
        await callClient('print', { content: result.stdout.replace(/\n$/, '') });
        return { ...result, stdout: null };
      }
      return result;
    },
    evaluateDataLoss: (params) => withMigrationSchema('evaluateDataLoss', params),
    createMigration: (params) => withMigrationSchema('createMigration', params),
  };

  /**
   * In the Wasm engine, `evaluateDataLoss` and `createMigration` build the schema of the migration
   * history through a code path that cannot open an SQLite shadow database ("SQLite shadow DB must
   * be provided through an external factory"), unless the engine's migration-schema cache already
   * holds that history. `devDiagnostic` computes it through the driver adapter's shadow database
   * and fills the cache, so on that error: run it (its answer is not needed) and retry once.
   * In `migrate dev` the database is up to date at that point, which is when `devDiagnostic` does so.
   */
  async function withMigrationSchema(method, params) {
    const engine = await getEngine();
    try {
      return await engine[method](params);
    } catch (error) {
      if (!SHADOW_FACTORY_ERROR.test(error?.message ?? '') || !params?.migrationsList) throw error;
      takePanicMessage();
      const filters = params.filters ?? { externalTables: [], externalEnums: [] };
      await engine.devDiagnostic({ migrationsList: params.migrationsList, filters }).catch(() => {});
      return engine[method](params);
    }
  }

  const write = (message) => process.stdout.write(JSON.stringify(message) + '\n');

  // Requests from the engine to the CLI (only `print`), answered on stdin.
  const clientCalls = new Map();
  let nextClientCallId = 1;
  function callClient(method, params) {
    const id = `shim-${nextClientCallId++}`;
    return new Promise((resolve, reject) => {
      clientCalls.set(id, { resolve, reject });
      write({ jsonrpc: '2.0', id, method, params });
    });
  }

  async function handle(request) {
    const { id, method, params } = request;
    const isNotification = id === undefined || id === null;
    try {
      let result;
      if (handlers[method]) {
        result = await handlers[method](params);
      } else {
        const engine = await getEngine();
        const name = METHOD_ALIASES[method] ?? method;
        if (typeof engine[name] !== 'function' || name === 'free' || name.startsWith('_')) {
          if (!isNotification) write({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
          return;
        }
        result = await engine[name](params ?? undefined);
      }
      if (!isNotification) write({ jsonrpc: '2.0', id, result: result === undefined ? null : result });
    } catch (error) {
      const response = errorResponse(id, error, errorRegistry);
      if (!isNotification) write(response);
      if (response.error.data.is_panic) {
        // Like the native engine: a panic ends the process (exit code 101).
        logLine('ERROR', response.error.data.message, { is_panic: true });
        await shutdown(101);
      }
    }
  }

  let queue = Promise.resolve();
  let shuttingDown = false;
  let inFlight; // id of the request being handled

  // A Rust panic inside an engine future surfaces as an uncaught RuntimeError: answer the request
  // in flight with a panic error, then exit like the native engine does.
  process.on('uncaughtException', (error) => {
    const response = errorResponse(inFlight ?? null, error, errorRegistry);
    if (inFlight !== undefined) write(response);
    logLine('ERROR', response.error.data.message, { is_panic: response.error.data.is_panic });
    shutdown(response.error.data.is_panic ? 101 : 1);
  });

  async function shutdown(code) {
    if (shuttingDown) return;
    shuttingDown = true;
    try {
      if (sessionPromise) await (await sessionPromise).close?.();
    } catch {
      // nothing left to close
    }
    process.stdout.write('', () => process.exit(code));
  }

  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      write({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      return;
    }
    if (typeof request.method !== 'string') {
      // The CLI's answer to one of our requests.
      const call = clientCalls.get(request.id);
      if (call) {
        clientCalls.delete(request.id);
        if (request.error) call.reject(new Error(request.error.message ?? 'client error'));
        else call.resolve(request.result);
      }
      return;
    }
    queue = queue.then(async () => {
      inFlight = request.id ?? undefined;
      try {
        await handle(request);
      } finally {
        inFlight = undefined;
      }
    });
  });
  lines.on('close', () => {
    queue.then(() => shutdown(0));
  });
  // The CLI ends stdin once it has every answer, and sends SIGTERM right away: exit cleanly. A signal
  // that arrives while a request is running is an abort (e.g. Ctrl-C): close the database and stop.
  for (const [signal, number] of [
    ['SIGTERM', 15],
    ['SIGINT', 2],
    ['SIGHUP', 1],
  ]) {
    process.on(signal, () => shutdown(inFlight === undefined ? 0 : 128 + number));
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error.message}\n\n${HELP}`);
    return 1;
  }
  if (options.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (options.version) {
    const { gitHash, packageVersion } = await loadWasmEngine();
    process.stdout.write(`schema-engine-cli ${gitHash} (prisma-offline: @prisma/schema-engine-wasm ${packageVersion})\n`);
    return 0;
  }
  if (options.cli) return runCliCommand(options);
  await serveRpc(options);
  return undefined; // keeps running until stdin closes
}

main().then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error) => {
    logLine('ERROR', error?.stack ?? String(error));
    process.exitCode = 1;
  },
);
