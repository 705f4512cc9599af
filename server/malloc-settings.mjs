// glibc's allocator settings for every Node process of ours, measured on the footprint probe (docs/performance.md,
// "Footprint"): with one allocation arena per thread (the web server runs several: the job runner, the analytics
// writer, search, libuv's pool, V8's own), freed memory stayed spread over arenas the process kept; and large blocks
// below glibc's moving mmap threshold stayed in the heap after their request. Two arenas and a fixed 64 KiB threshold
// took `node server/start.mjs` from 337 to 254 MiB idle and from 365 to 284 MiB after a mixed load, at the same
// throughput. glibc reads them when a process starts, so they are set where a process is started: the `start` and
// `worker` scripts of package.json (and of the release's, scripts/release/build-release.mjs), the systemd units and the
// Dockerfile, and the test servers (processes.mjs). server/malloc-settings.test.ts holds each of them to these values.
export const MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };

/**
 * `command` prefixed, for an npm script (sh), with the settings as defaults: an operator's own values in the
 * environment win.
 */
export function withMallocSettings(command) {
  const defaults = Object.entries(MALLOC_SETTINGS).map(([name, value]) => `${name}=\${${name}:-${value}}`);
  return [...defaults, command].join(' ');
}
