import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codePaths, documentProblems, foldersInTables, headingAnchors, localLinks, type Tree } from '../test-support/docs/docs-links';

const ROOT = path.resolve(import.meta.dirname, '..');
const README_MAX_LINES = 260;
/** Folders of a working copy that are not part of the repository's layout. */
const NOT_LAYOUT = new Set(['node_modules', '.next', 'test-results', 'playwright-report', 'data']);

/** The repository's top-level folders: dot-folders only `.ci`, and nothing git ignores. */
function topLevelFolders(): string[] {
  const names = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_LAYOUT.has(entry.name) && (!entry.name.startsWith('.') || entry.name === '.ci'))
    .map((entry) => entry.name);
  return names.filter((name) => !gitIgnored(name)).sort();
}

function gitIgnored(name: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', `${name}/`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false; // exit 1: not ignored (or no git: nothing is)
  }
}

/** The pages the checks cover: the README, every docs/ page, and the READMEs of tools and deploy. */
function documents(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs, 'tools/prisma-offline/README.md', 'deploy/README.md'];
}

const repository: Tree = {
  exists: (repoPath) => existsSync(path.join(ROOT, repoPath)),
  read: (repoPath) => (existsSync(path.join(ROOT, repoPath)) ? readFileSync(path.join(ROOT, repoPath), 'utf8') : undefined),
};

/** A made-up tree for the checks' own tests. */
function treeOf(files: Record<string, string>): Tree {
  const paths = new Set(Object.keys(files).flatMap((file) => file.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'))));
  return { exists: (repoPath) => paths.has(repoPath), read: (repoPath) => files[repoPath] };
}

describe('the docs checks, on made-up documents', () => {
  const tree = treeOf({
    'README.md': '# Title\n',
    'docs/api.md': '# The API\n\n## Rate limits\n\n## Errors\n\n## Errors\n',
    'lib/jobs/job-runner.ts': '',
    'app/(site)/page.tsx': '',
  });
  const folders = ['app', 'lib', 'docs'];

  it('pass a document whose links, anchors and paths all exist', () => {
    const text = [
      'See [the API](api.md), its [limits](api.md#rate-limits), [the second errors](api.md#errors-1) and [home](../README.md).',
      'The runner is `lib/jobs/job-runner.ts`, pages start at `app/(site)/page.tsx`, jobs are `lib/jobs/<name>.ts`',
      'and `app/(site)/**`; links out are not checked: [Stripe](https://stripe.com), [health](/v1/health), [up](#the-api).',
      '# The API',
    ].join('\n');
    expect(documentProblems('docs/guide.md', text, tree, folders)).toEqual([]);
  });

  it('report a link to a file that does not exist', () => {
    expect(documentProblems('docs/guide.md', 'Read [jobs](jobs.md) first.\n', tree, folders)).toEqual([
      'docs/guide.md:1: link to jobs.md: docs/jobs.md does not exist',
    ]);
  });

  it('report a link to a heading that does not exist', () => {
    expect(documentProblems('README.md', 'See [limits](docs/api.md#limits).\n', tree, folders)).toEqual([
      'README.md:1: link to docs/api.md#limits: no heading #limits in docs/api.md',
    ]);
  });

  it('report a path in inline code that does not exist, and check a pattern up to where it starts', () => {
    const text = 'The queue is `lib/domain/jobs/job-queue.ts`; topics are `lib/domain/<topic>/`; handlers `app/v1/**`.\n';
    expect(documentProblems('README.md', text, tree, folders)).toEqual([
      'README.md:1: `lib/domain/jobs/job-queue.ts`: lib/domain/jobs/job-queue.ts does not exist',
      'README.md:1: `lib/domain/<topic>/`: lib/domain does not exist',
      'README.md:1: `app/v1/**`: app/v1 does not exist',
    ]);
  });

  it('report links and paths that leave the repository', () => {
    const text = 'The contract is `../shared/spec/interface-spec.md`, see [it](../shared/spec/interface-spec.md).\n';
    expect(documentProblems('README.md', text, tree, folders)).toEqual([
      'README.md:1: link to ../shared/spec/interface-spec.md leaves the repository',
      'README.md:1: `../shared/spec/interface-spec.md` is outside the repository',
    ]);
  });

  it('ignore links and paths inside fenced code blocks', () => {
    const text = '```sh\ncat lib/missing.ts  # [x](missing.md)\n```\n`lib/jobs/job-runner.ts`\n';
    expect(localLinks(text)).toEqual([]);
    expect(codePaths(text, folders)).toEqual([{ line: 4, written: 'lib/jobs/job-runner.ts', mustExist: 'lib/jobs/job-runner.ts' }]);
  });

  it('take only inline code that is a path: a command or a URL path is not one', () => {
    expect(codePaths('`npm run lint`, `/v1/health`, `lib`, `library/x`, `app/(site)/page.tsx`\n', folders)).toEqual([
      { line: 1, written: 'app/(site)/page.tsx', mustExist: 'app/(site)/page.tsx' },
    ]);
  });

  it("make GitHub's heading anchors", () => {
    expect([...headingAnchors('# The `/v1` API, MCP\n## Running in production: one machine\n## Errors\n## Errors\n')]).toEqual([
      'the-v1-api-mcp',
      'running-in-production-one-machine',
      'errors',
      'errors-1',
    ]);
  });

  it('read the folder names from the first column of tables', () => {
    const text = '| folder | holds |\n|---|---|\n| `app/` | routes, not `lib/` |\n| `.ci/` | CI |\n\n`docs/` outside a table\n';
    expect([...foldersInTables(text)].sort()).toEqual(['.ci', 'app']);
  });
});

describe('the documentation of this repository', () => {
  const folders = topLevelFolders();

  it('finds the layout it documents', () => {
    expect(folders).toEqual(expect.arrayContaining(['app', 'components', 'lib', 'server', 'test-support', 'e2e', 'tools', 'docs', '.ci']));
  });

  it.each(documents())('%s: every relative link, heading anchor and repository path exists', (doc) => {
    expect(documentProblems(doc, readFileSync(path.join(ROOT, doc), 'utf8'), repository, folders)).toEqual([]);
  });

  it('README names every top-level folder in its table', () => {
    const named = foldersInTables(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
    expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
  });

  it(`README stays short: at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('README names no file outside the repository', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).not.toMatch(/\.\.\/shared|\/work\//);
  });
});
