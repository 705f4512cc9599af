import path from 'node:path';

// The checks behind scripts/docs-links.test.ts, as pure functions over a document's text and a view of the tree, so a
// test can show each one failing on a made-up document. The README and docs/ name many paths; after a move (issue 19)
// half of them were stale, and nothing noticed. These checks notice.

/** What a check may ask of the repository: whether a path (relative to its root, `/`-separated) exists, and a file's text. */
export interface Tree {
  exists(repoPath: string): boolean;
  read(repoPath: string): string | undefined;
}

/** One line of a document, with fenced code blocks blanked and inline code kept apart, so links in examples do not count. */
interface ProseLine {
  line: number;
  raw: string;
  /** The line with inline code spans blanked out. */
  prose: string;
  /** The contents of its inline code spans. */
  spans: string[];
}

const FENCE = /^\s*(```|~~~)/;
const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;

function proseLines(text: string): ProseLine[] {
  const lines: ProseLine[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((raw, index) => {
    const opening = FENCE.exec(raw)?.[1];
    if (fence) {
      if (opening === fence) fence = null;
      return;
    }
    if (opening) {
      fence = opening;
      return;
    }
    const spans: string[] = [];
    const prose = raw.replace(CODE_SPAN, (whole, _ticks: string, content: string) => {
      spans.push(content.trim());
      return ' '.repeat(whole.length);
    });
    lines.push({ line: index + 1, raw, prose, spans });
  });
  return lines;
}

// `[text](target "title")`, with one level of parentheses allowed in the target (Next's `app/(site)/…` folders).
const INLINE_LINK = /!?\[[^\]]*\]\(\s*<?((?:[^()\s<>]|\([^()\s]*\))+)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Link targets of a document that point into the repository (not `https:`, `mailto:`, nor a site path such as `/v1`). */
export function localLinks(text: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  for (const { line, prose } of proseLines(text)) {
    for (const match of prose.matchAll(INLINE_LINK)) links.push({ line, target: match[1]! });
    const definition = REFERENCE_DEFINITION.exec(prose);
    if (definition) links.push({ line, target: definition[1]! });
  }
  return links.filter(({ target }) => !EXTERNAL.test(target) && !target.startsWith('/'));
}

/** A path segment that stands for many (`**`, `*.ts`, `<topic>`, `{id}`, `…`): the path is checked up to it. */
const PATTERN_SEGMENT = /[*?<>{}]|…|\.\.\./;

/**
 * Inline code that names a repository path: it starts with a top-level folder and a `/`, with no space in it.
 * Returns the part that must exist: up to (not including) the first pattern segment, without a trailing `/`.
 */
export function codePaths(text: string, topFolders: readonly string[]): { line: number; written: string; mustExist: string }[] {
  const found: { line: number; written: string; mustExist: string }[] = [];
  for (const { line, spans } of proseLines(text)) {
    for (const span of spans) {
      if (/\s/.test(span) || !topFolders.some((folder) => span.startsWith(`${folder}/`))) continue;
      const segments = span.replace(/\/$/, '').split('/');
      const firstPattern = segments.findIndex((segment) => PATTERN_SEGMENT.test(segment));
      const mustExist = (firstPattern === -1 ? segments : segments.slice(0, firstPattern)).join('/');
      found.push({ line, written: span, mustExist });
    }
  }
  return found;
}

/** Paths in inline code that leave the repository: `../shared/spec.md` from the README. */
function outsidePaths(doc: string, text: string): { line: number; written: string }[] {
  const found: { line: number; written: string }[] = [];
  for (const { line, spans } of proseLines(text)) {
    for (const span of spans) {
      if (/\s/.test(span) || !/^\.\.?\//.test(span)) continue;
      if (resolveInRepo(doc, span) === null) found.push({ line, written: span });
    }
  }
  return found;
}

/** A document-relative target as a repository path, or null when it leaves the repository. */
function resolveInRepo(doc: string, target: string): string | null {
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target));
  return resolved === '..' || resolved.startsWith('../') ? null : resolved.replace(/\/$/, '') || '.';
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const raw of text.split('\n')) {
    const opening = FENCE.exec(raw)?.[1];
    if (fence || opening) {
      if (!fence) fence = opening!;
      else if (opening === fence) fence = null;
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw)?.[1];
    if (heading === undefined) continue;
    const plain = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * Every problem of one document (`doc` is its repository path): relative links to files, folders or anchors that do
 * not exist, links and paths that leave the repository, and repository paths in inline code that do not exist.
 */
export function documentProblems(doc: string, text: string, tree: Tree, topFolders: readonly string[]): string[] {
  const problems: string[] = [];
  for (const { line, target } of localLinks(text)) {
    const [file = '', anchor] = target.split('#', 2);
    const decoded = decodeURIComponent(file.split('?')[0]!);
    const resolved = decoded === '' ? doc : resolveInRepo(doc, decoded);
    if (resolved === null) {
      problems.push(`${doc}:${line}: link to ${target} leaves the repository`);
      continue;
    }
    if (resolved !== doc && !tree.exists(resolved)) {
      problems.push(`${doc}:${line}: link to ${target}: ${resolved} does not exist`);
      continue;
    }
    if (anchor && resolved.endsWith('.md')) {
      const linked = resolved === doc ? text : tree.read(resolved);
      if (linked !== undefined && !headingAnchors(linked).has(anchor)) problems.push(`${doc}:${line}: link to ${target}: no heading #${anchor} in ${resolved}`);
    }
  }
  for (const { line, written, mustExist } of codePaths(text, topFolders)) {
    if (!tree.exists(mustExist)) problems.push(`${doc}:${line}: \`${written}\`: ${mustExist} does not exist`);
  }
  for (const { line, written } of outsidePaths(doc, text)) problems.push(`${doc}:${line}: \`${written}\` is outside the repository`);
  return problems;
}

/** The folder names in the first column of a document's tables, written as `` `name/` ``. */
export function foldersInTables(text: string): Set<string> {
  const folders = new Set<string>();
  for (const { raw } of proseLines(text)) {
    const row = /^\s*\|([^|]*)\|/.exec(raw);
    if (!row) continue;
    for (const match of row[1]!.matchAll(/`([\w.-]+)\/`/g)) folders.add(match[1]!);
  }
  return folders;
}
