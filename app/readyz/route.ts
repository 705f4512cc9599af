import { checkReadiness } from '@/lib/domain/system/readiness';

/**
 * GET /readyz, for load balancers and systemd: 200 when the database answers and its migrations are current, 503
 * otherwise. Not rate-limited, and logged at debug (server/web-server.mjs). GET /livez (the process serves) is
 * answered by the web server itself.
 */
export const dynamic = 'force-dynamic';

const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };

export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  if (readiness.ready) return new Response('{"status":"ready"}', { status: 200, headers });
  return new Response(JSON.stringify({ status: 'not-ready', detail: readiness.reason }), { status: 503, headers });
}

export const HEAD = GET;
