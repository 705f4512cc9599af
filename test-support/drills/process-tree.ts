import { readdirSync, readFileSync } from 'node:fs';

/** The descendants of `pid` whose command line contains `needle` (Linux /proc), e.g. the web server of `npm start`. */
export function descendantsRunning(pid: number, needle: string): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    try {
      for (const task of readdirSync(`/proc/${current}/task`)) {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(/\s+/).map(Number) : []) {
          if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(needle)) found.push(child);
          queue.push(child);
        }
      }
    } catch {
      // The process ended, or there is no /proc.
    }
  }
  return found;
}
