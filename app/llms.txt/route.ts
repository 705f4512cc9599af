import { config } from '@/lib/config';
import { contentSnapshot } from '@/lib/domain/content/snapshot';
import { contentResponse } from '@/lib/http/content-response';
import { defineRoute } from '@/lib/http/define-route';
import { errorToResponse } from '@/lib/http/error-mapping';
import { oncePerEdition } from '@/lib/page-cache/once-per-edition';
import { buildLlmsTxt } from '@/lib/site/llms-txt';

async function llmsTxt(request: Request): Promise<Response> {
  try {
    const { buildStamp, content } = await contentSnapshot();
    const text = oncePerEdition('llms.txt', buildStamp, () => buildLlmsTxt(content, config().SITE_URL));
    return contentResponse(request, buildStamp, text, 'text/plain; charset=utf-8');
  } catch (error) {
    return errorToResponse(error, 'llms.txt');
  }
}

// llmstxt.org: what the firm does, its pages, and its machine interfaces, from the published content.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({ GET: llmsTxt });
