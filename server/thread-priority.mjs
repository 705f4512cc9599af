// Lowering the CPU priority of one thread of the process, not the whole process: on Linux every thread is a task of
// its own to the scheduler, and setpriority() given a thread's id changes that thread alone. The analytics writer
// (server/analytics-writer.ts) uses it so that its work waits for a moment the web server's thread does not need.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The highest nice value (the lowest priority). */
const LOWEST = 19;

/**
 * Raises the calling thread's nice value by `steps` from where it is (so a process already started lower by its
 * service manager keeps its order), up to 19. Returns the nice value set, or null where it cannot: elsewhere than on
 * Linux (/proc/thread-self names the thread), or when refused. Nothing changes then.
 */
export function lowerThisThreadPriority(steps) {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return null;
    const nice = Math.min(LOWEST, getPriority(threadId) + steps);
    setPriority(threadId, nice);
    return nice;
  } catch {
    return null;
  }
}
