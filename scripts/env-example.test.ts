import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '@/lib/config';

/** `NAME=value` lines of .env.example, set or commented out (`# NAME=`), in order. */
function exampleLines(): Map<string, { value: string; commented: boolean }> {
  const lines = new Map<string, { value: string; commented: boolean }>();
  for (const line of readFileSync('.env.example', 'utf8').split('\n')) {
    const match = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) lines.set(match[2]!, { value: match[3]!, commented: Boolean(match[1]) });
  }
  return lines;
}

/** Variables the processes read outside lib/config.ts: the web server, start-up, tracing. */
function namesReadIn(folders: string[]): string[] {
  const names = new Set<string>();
  for (const folder of folders) {
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(mjs|ts)$/.test(file) || file.includes('.test.')) continue;
      const text = readFileSync(path.join(folder, file), 'utf8');
      for (const match of text.matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)/g)) names.add(match[1]!);
    }
  }
  // Next's own, and systemd's (NOTIFY_SOCKET, set by the service manager for the worker's watchdog).
  return [...names].filter((name) => !name.startsWith('NEXT_') && name !== 'NOTIFY_SOCKET').sort();
}

describe('.env.example', () => {
  const lines = exampleLines();

  it('lists every variable lib/config.ts validates', () => {
    const missing = Object.keys(EnvSchema.shape).filter((name) => !lines.has(name));
    expect(missing).toEqual([]);
  });

  it('lists every variable the web server, start-up and tracing read', () => {
    const missing = namesReadIn(['server', 'lib/observability']).filter((name) => !lines.has(name));
    expect(missing).toEqual([]);
  });

  it('gives each default as lib/config.ts has it, on a line that is set', () => {
    const defaults = EnvSchema.parse({}) as Record<string, unknown>;
    const wrong = Object.entries(defaults)
      // The release id defaults to the package version, which changes with every release.
      .filter(([name]) => name !== 'APP_RELEASE')
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value)])
      .filter(([name, value]) => lines.get(name!)?.value !== value || lines.get(name!)?.commented)
      .map(([name, value]) => `${name}: .env.example says ${JSON.stringify(lines.get(name!))}, the default is ${value}`);
    expect(wrong).toEqual([]);
  });

  it('leaves every variable without a default commented out, so copying the file changes nothing', () => {
    const defaults = EnvSchema.parse({}) as Record<string, unknown>;
    const setWithoutDefault = Object.keys(EnvSchema.shape).filter((name) => !(name in defaults) && lines.get(name)?.commented === false);
    expect(setWithoutDefault).toEqual([]);
  });
});
