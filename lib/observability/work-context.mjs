// What a log line knows about the work it belongs to: the request id of a request, the id and type of a job. Plain
// JavaScript because the web server (server/web-server.mjs) starts each request's context before Next sees it, and
// the app (bundled by Next, so its own copy of this module) reads it: the store lives on globalThis, one per process.
import { AsyncLocalStorage } from 'node:async_hooks';

const STORE = Symbol.for('throughline:work-context');

function storage() {
  globalThis[STORE] ??= new AsyncLocalStorage();
  return globalThis[STORE];
}

/** Runs `work` with `fields` (requestId, or jobId and jobType) added to those of the work around it. */
export function withWorkContext(fields, work) {
  return storage().run({ ...storage().getStore(), ...fields }, work);
}

/** The fields of the work running now, or undefined outside any. */
export function workContext() {
  return storage().getStore();
}
