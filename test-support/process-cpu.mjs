// CPU time a process has used, for benchmarks on a shared machine: throughput there depends on what else runs, the
// CPU a request costs much less.
import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's times: 100 on every usual kernel. */
const TICKS_PER_SECOND = 100;

/** User and system CPU time of `pid` so far, in milliseconds, or null when it is gone (or this is not Linux). */
export function cpuMilliseconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
