// Loads Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm) and builds an
// engine instance on top of a driver adapter factory.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Receives the message of a Rust panic inside the Wasm module (the module calls `set_message`). */
class WasmPanicRegistry {
  message = '';
  get() {
    return this.message;
  }
  set_message(message) {
    this.message = `RuntimeError: ${message}`;
  }
}

let loaded;

/**
 * The package's own entry imports the `.wasm` file as an ES module, which Node 20 does not do
 * without a flag. Do what it does by hand: instantiate `schema_engine_bg.wasm` with the
 * wasm-bindgen glue module as its import object, then hand the exports to the glue.
 */
export async function loadWasmEngine() {
  if (loaded) return loaded;
  globalThis.PRISMA_WASM_PANIC_REGISTRY ??= new WasmPanicRegistry();
  const glueUrl = import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const gluePath = fileURLToPath(glueUrl);
  const glue = await import(glueUrl);
  const bytes = fs.readFileSync(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(gluePath), 'package.json'), 'utf8'));
  loaded = { SchemaEngine: glue.SchemaEngine, gitHash: glue.version(), packageVersion: pkg.version };
  return loaded;
}

/** The panic message recorded by the last Rust panic, if any. */
export function takePanicMessage() {
  const registry = globalThis.PRISMA_WASM_PANIC_REGISTRY;
  const message = registry?.message ?? '';
  if (registry) registry.message = '';
  return message;
}

/**
 * Wraps a driver adapter factory the way the engine expects (errors become values, and thrown JS
 * errors are kept in `errorRegistry`, referred to as `External error id#N` in engine errors).
 */
export async function bindAdapterFactory(adapterFactory) {
  const { bindMigrationAwareSqlAdapterFactory } = await import('@prisma/driver-adapter-utils');
  return bindMigrationAwareSqlAdapterFactory(adapterFactory);
}

/**
 * @param {[string, string][]} datamodels  schema files as [path, content]
 * @param {object} boundFactory            from bindAdapterFactory()
 * @param {(line: string) => void} log     receives the engine's JSON log lines
 */
export async function createEngine(datamodels, boundFactory, log) {
  const { SchemaEngine } = await loadWasmEngine();
  return SchemaEngine.new({ datamodels }, log, boundFactory);
}
