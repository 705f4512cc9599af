import { readFileSync, readdirSync } from 'node:fs';

/** Resident set size of a process in bytes, from /proc (Linux), or null where there is no /proc. */
export function residentBytes(pid) {
  try {
    const kilobytes = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : null;
  } catch {
    return null;
  }
}

/** The pid of `pid` or of a descendant whose name starts with `name` (Next names its server process "next-server"). */
export function findProcessNamed(pid, name) {
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    try {
      if (readFileSync(`/proc/${current}/comm`, 'utf8').startsWith(name)) return current;
      for (const task of readdirSync(`/proc/${current}/task`)) {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, 'utf8').trim();
        if (children) queue.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // The process ended or /proc is not there.
    }
  }
  return null;
}
