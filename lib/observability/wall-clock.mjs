// The wall clock, as the web server had it before Next was loaded. Next replaces the global `Date` with a wrapper
// (node_modules/next/dist/server/node-environment-extensions/date.js) whose `Date.now()` and `new Date()` ask the async
// context whether a prerender is reading the clock: work for every page answered, where the web server's own code
// reads the time (each access-log line's timestamp, each counted view). This module keeps the constructor it found.
// The web server loads it (through the logger, in server/start.mjs) before Next, so its copy is the engine's own; a copy
// loaded after Next (the app's bundle) holds Next's wrapper, which answers the same, only more slowly.

const NativeDate = globalThis.Date;
const nativeNow = NativeDate.now;

/** The time now, in milliseconds since the epoch. */
export const wallClockMs = () => nativeNow();

/** The time now as an ISO 8601 string (UTC, milliseconds), as `new Date().toISOString()` gives it. */
export const wallClockIso = () => new NativeDate(nativeNow()).toISOString();
