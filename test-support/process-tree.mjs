// A process and every process under it, read from /proc (Linux), for benchmarks that must not assume the shape of the
// tree they measure (`npm start` has been npm → start-up script → web server + job runner, and may become less).
import { readFileSync, readdirSync } from 'node:fs';

/** The children of `pid`, from each of its threads' /proc/<pid>/task/<tid>/children. */
function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) => {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      return listed ? listed.split(/\s+/).map(Number) : [];
    });
  } catch {
    return []; // ended, or no /proc
  }
}

/** What a process runs: its command line, shortened to the program and its first script or subcommand. */
export function commandOf(pid) {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    const program = (argv[0] ?? comm).split('/').pop();
    // A shell running an npm script: the command it runs, without the environment it sets first.
    if (argv[1] === '-c' && argv[2]) return `${program} -c ${argv[2].replace(/^(\w+=\S*\s+)+/, '')}`;
    const script = argv.slice(1).find((arg) => !arg.startsWith('-') && arg !== 'tsx' && !arg.endsWith('/tsx'));
    const shown = script ? `${program} ${script.split('/').slice(-2).join('/')}` : program;
    return comm && comm !== program && !shown.includes(comm) ? `${shown} (${comm})` : shown;
  } catch {
    return '?';
  }
}

/** `root` and all its descendants, parents before children, each with its depth under `root`. */
export function processTree(root) {
  const tree = [];
  const visit = (pid, depth) => {
    tree.push({ pid, depth });
    for (const child of childrenOf(pid)) visit(child, depth + 1);
  };
  visit(root, 0);
  return tree;
}
