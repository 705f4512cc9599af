import { readFileSync } from 'node:fs';

// The bench writes the project's own GET /v1/services answer to PEER_BODY_FILE before it starts this peer, so both
// send the same bytes; read once, at the first request (the build loads this module without the variable), and kept
// in memory.
let body;

export const dynamic = 'force-dynamic';

export function GET() {
  body ??= readFileSync(process.env.PEER_BODY_FILE);
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
