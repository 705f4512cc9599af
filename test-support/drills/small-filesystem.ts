import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A small filesystem of the drill's own, where a database can run out of space or become read-only: a tmpfs mounted
 * on a temporary directory. Mounting needs root (CI and this machine run as root); `mountSmallFilesystem` answers
 * null where it is not allowed, and the drill falls back to a read-only database file.
 */
export interface SmallFilesystem {
  dir: string;
  /** Writes a filler file until the filesystem is full; returns the bytes written. */
  fill(): number;
  /** Deletes the filler: space returns. */
  free(): void;
  readOnly(): void;
  writable(): void;
  remove(): void;
}

export function mountSmallFilesystem(megabytes: number): SmallFilesystem | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-drill-fs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      let written = 0;
      try {
        // Large blocks first, then small ones for the last scraps.
        for (const size of [1 << 20, 4096, 512]) {
          const block = Buffer.alloc(size);
          try {
            for (;;) written += writeSync(fd, block);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
      return written;
    },
    free() {
      rmSync(filler, { force: true });
    },
    readOnly() {
      execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'pipe' });
    },
    writable() {
      execFileSync('mount', ['-o', 'remount,rw', dir], { stdio: 'pipe' });
    },
    remove() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Without root: the database's directory and files (with its -wal and -shm) made read-only for this user. */
export function readOnlyFiles(dir: string): { readOnly(): void; writable(): void } {
  const setModes = (file: number, directory: number) => {
    for (const name of readdirSync(dir)) chmodSync(path.join(dir, name), file);
    chmodSync(dir, directory);
  };
  return { readOnly: () => setModes(0o444, 0o555), writable: () => setModes(0o644, 0o755) };
}
