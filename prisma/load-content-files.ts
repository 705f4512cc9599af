import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { ContentBundle } from '../lib/domain/content/content-bundle';
import type { ContentBundleData } from '../lib/domain/content/content-bundle';

export const CONTENT_DIR = path.join(process.cwd(), 'prisma/content');

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(path.join(CONTENT_DIR, file), 'utf8'));
}

/** Each insight is `insights/<id>.md`: YAML front matter, then the Markdown body. */
function readInsights(): unknown[] {
  const dir = path.join(CONTENT_DIR, 'insights');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const { data, content } = matter(readFileSync(path.join(dir, name), 'utf8'));
      return { ...data, id: path.basename(name, '.md'), content: content.trim() };
    });
}

/** Reads and validates every content file; throws with the path of each problem. */
export function loadContentFiles(): ContentBundleData {
  const bundle = {
    services: readJson('services.json'),
    testimonials: readJson('testimonials.json'),
    faqs: readJson('faqs.json'),
    insights: readInsights(),
    principles: readJson('principles.json'),
    tools: readJson('tools.json'),
    company: readJson('company.json'),
    consultants: readJson('consultants.json'),
  };
  const result = ContentBundle.safeParse(bundle);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Content files under prisma/content are invalid:\n${problems}`);
  }
  return result.data;
}
