import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import type { ICruiseOptions, IForbiddenRuleType } from 'dependency-cruiser';
import extractTsConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { problemsOf } from './structure.mjs';

/** The project's own rules and options, exactly as `npm run lint` reads them. */
const { forbidden, options } = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
  options: ICruiseOptions & { enhancedResolveOptions: { extensions: string[] } };
};
/** The project's own import aliases (`@/lib/…`), so a test tree resolves imports the way the codebase writes them. */
const { paths } = (JSON.parse(readFileSync(path.join(import.meta.dirname, '../tsconfig.json'), 'utf8')) as { compilerOptions: { paths: object } })
  .compilerOptions;

let tree: string;
beforeEach(() => {
  tree = mkdtempSync(path.join(os.tmpdir(), 'structure-'));
});
afterEach(() => rmSync(tree, { recursive: true, force: true }));

/** A small project laid out like ours: `{ 'lib/a.ts': "import '../app/b';" }`. */
function write(files: Record<string, string>) {
  writeFileSync(path.join(tree, 'tsconfig.json'), JSON.stringify({ compilerOptions: { paths } }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.join(tree, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
}

/** The rules the lint step would break on this tree: `[rule, from, to]`. */
async function violations(): Promise<string[][]> {
  const previous = process.cwd();
  process.chdir(tree);
  try {
    const roots = ['app', 'components', 'lib', 'server', 'test-support', 'prisma'].filter((root) =>
      Object.keys(files()).some((file) => file.startsWith(`${root}/`)),
    );
    const { output } = await cruise(
      roots,
      { ...options, validate: true, ruleSet: { forbidden }, outputType: 'json' },
      { extensions: options.enhancedResolveOptions.extensions },
      { tsConfig: extractTsConfig('tsconfig.json') },
    );
    const result = JSON.parse(output as string) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
    return result.summary.violations.map((violation) => [violation.rule.name, violation.from, violation.to]).sort();
  } finally {
    process.chdir(previous);
  }
}

let written: Record<string, string> = {};
const files = () => written;
function layout(layoutFiles: Record<string, string>) {
  written = layoutFiles;
  write(layoutFiles);
}

describe('the import rules of npm run lint', () => {
  it('pass a tree whose arrows run down: app → components → lib, tests importing helpers', async () => {
    layout({
      'lib/domain/catalogue.ts': "import { money } from '../core/money';\nexport const list = () => money;\n",
      'lib/core/money.ts': 'export const money = 1;\n',
      'components/card.tsx': "import { list } from '../lib/domain/catalogue';\nexport const Card = list;\n",
      'app/page.tsx': "import { Card } from '../components/card';\nimport { list } from '../lib/domain/catalogue';\nexport default [Card, list];\n",
      'lib/domain/catalogue.test.ts':
        "import { fixture } from '../../test-support/fixture';\nimport { list } from './catalogue';\nexport default [fixture, list];\n",
      'test-support/fixture.ts': "import { list } from '../lib/domain/catalogue';\nexport const fixture = list;\n",
    });
    expect(await violations()).toEqual([]);
  });

  it('fail on a new upward import from lib into app', async () => {
    layout({
      'app/insights/insights-view.ts': 'export const INSIGHTS_PER_PAGE = 9;\n',
      'lib/page-cache/cached-page-path.ts':
        "import { INSIGHTS_PER_PAGE } from '../../app/insights/insights-view';\nexport const perPage = INSIGHTS_PER_PAGE;\n",
    });
    expect(await violations()).toEqual([['lib-imports-nothing-above', 'lib/page-cache/cached-page-path.ts', 'app/insights/insights-view.ts']]);
  });

  it('fail on an upward import written with the @/ alias, as the codebase writes its imports', async () => {
    layout({
      'app/insights/insights-view.ts': 'export const INSIGHTS_PER_PAGE = 9;\n',
      'lib/page-cache/cached-page-path.ts': "import { INSIGHTS_PER_PAGE } from '@/app/insights/insights-view';\nexport const perPage = INSIGHTS_PER_PAGE;\n",
    });
    expect(await violations()).toEqual([['lib-imports-nothing-above', 'lib/page-cache/cached-page-path.ts', 'app/insights/insights-view.ts']]);
  });

  it('fail when a page or a UI piece imports the generated Prisma client, which the graph keeps without reading it', async () => {
    layout({
      'lib/generated/prisma/client.ts': 'export class PrismaClient {}\n',
      'app/staff/page.tsx': "import { PrismaClient } from '@/lib/generated/prisma/client';\nexport default PrismaClient;\n",
      'components/staff-table.tsx': "import { PrismaClient } from '@/lib/generated/prisma/client';\nexport const StaffTable = PrismaClient;\n",
    });
    expect(await violations()).toEqual([
      ['app-never-imports-the-database', 'app/staff/page.tsx', 'lib/generated/prisma/client.ts'],
      ['app-never-imports-the-database', 'components/staff-table.tsx', 'lib/generated/prisma/client.ts'],
    ]);
  });

  it('fail when a calendar or webhook port reaches up into the domain', async () => {
    layout({
      'lib/domain/calendars/busy-times.ts': 'export const busy = [];\n',
      'lib/calendars/caldav-client.ts': "import { busy } from '@/lib/domain/calendars/busy-times';\nexport const client = busy;\n",
      'lib/webhook-sender/deliver.ts': "import { busy } from '@/lib/domain/calendars/busy-times';\nexport const deliver = busy;\n",
    });
    expect(await violations()).toEqual([
      ['ports-never-import-the-domain', 'lib/calendars/caldav-client.ts', 'lib/domain/calendars/busy-times.ts'],
      ['ports-never-import-the-domain', 'lib/webhook-sender/deliver.ts', 'lib/domain/calendars/busy-times.ts'],
    ]);
  });

  it('fail when a page reads the database itself instead of calling the domain', async () => {
    layout({
      'lib/db/client.ts': 'export const db = {};\n',
      'app/staff/page.tsx': "import { db } from '../../lib/db/client';\nexport default db;\n",
    });
    expect(await violations()).toEqual([['app-never-imports-the-database', 'app/staff/page.tsx', 'lib/db/client.ts']]);
  });

  it('fail when shipped code imports a test helper', async () => {
    layout({
      'test-support/manual-clock.ts': 'export const clock = () => new Date(0);\n',
      'server/worker.ts': "import { clock } from '../test-support/manual-clock';\nexport const now = clock;\n",
    });
    expect(await violations()).toEqual([
      ['server-imports-no-tests', 'server/worker.ts', 'test-support/manual-clock.ts'],
      ['shipped-code-never-imports-tests', 'server/worker.ts', 'test-support/manual-clock.ts'],
    ]);
  });

  it('fail when a port reaches up into the domain, or the domain into a face', async () => {
    layout({
      'lib/jobs/job-types.ts': "import { IDS } from '../domain/content/ids';\nexport const types = IDS;\n",
      'lib/domain/content/ids.ts': "import { json } from '../../http/json';\nexport const IDS = [json];\n",
      'lib/http/json.ts': 'export const json = 1;\n',
    });
    expect(await violations()).toEqual([
      ['domain-never-imports-faces', 'lib/domain/content/ids.ts', 'lib/http/json.ts'],
      ['ports-never-import-the-domain', 'lib/jobs/job-types.ts', 'lib/domain/content/ids.ts'],
    ]);
  });

  it('fail on a circle of imports', async () => {
    layout({
      'lib/domain/content/snapshot.ts': "import { preview } from '../workflow/preview';\nexport const snapshot = () => preview;\n",
      'lib/domain/workflow/preview.ts': "import { snapshot } from '../content/snapshot';\nexport const preview = () => snapshot;\n",
    });
    // dependency-cruiser names the circle once, from the first module of it that it reads.
    expect(await violations()).toEqual([['no-circular-imports', 'lib/domain/content/snapshot.ts', 'lib/domain/workflow/preview.ts']]);
  });
});

describe('the structure drawing', () => {
  it('names an arrow that runs upward and the circle it makes', () => {
    const edges = new Map([
      ['app → lib', 12],
      ['lib → app', 1],
      ['server → lib', 3],
    ]);
    expect(problemsOf(edges)).toEqual({ upward: ['lib → app'], circles: ['app ↔ lib'] });
  });

  it('finds nothing wrong with arrows that all run down', () => {
    expect(
      problemsOf(
        new Map([
          ['app → components', 5],
          ['components → lib', 2],
          ['scripts → server', 1],
        ]),
      ),
    ).toEqual({ upward: [], circles: [] });
  });
});
