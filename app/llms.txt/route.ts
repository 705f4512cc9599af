import { config } from '@/lib/config';
import { contentSnapshot } from '@/lib/domain/content/snapshot';
import { contentResponse } from '@/lib/http/content-response';
import { defineRoute } from '@/lib/http/define-route';
import { errorToResponse } from '@/lib/http/error-mapping';
import { buildLlmsTxt } from '@/lib/site/llms-txt';

async function llmsTxt(request: Request): Promise<Response> {
  try {
    const { buildStamp, content } = await contentSnapshot();
    return contentResponse(request, buildStamp, buildLlmsTxt(content, config().SITE_URL), 'text/plain; charset=utf-8');
  } catch (error) {
    return errorToResponse(error, 'llms.txt');
  }
}

// llmstxt.org: what the firm does, its pages, and its machine interfaces, from the published content.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({ GET: llmsTxt });
