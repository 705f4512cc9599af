#!/usr/bin/env node
// The cost of going through /mcp instead of /v1 (issue 13): the same operations, called one at a time against the
// production build (`npm run build` first), interleaved so that both see the same machine. Three ways per operation:
//   /v1          fetch of the API itself;
//   MCP (SDK)    the MCP SDK's own client, `callTool` over Streamable HTTP (it also checks the result against the tool's
//                output schema, as agents' clients do);
//   MCP (POST)   the bare JSON-RPC POST an agent's client sends, without the SDK's client work.
// BENCH_CALLS (default 300) calls of each kind per operation, after 30 to warm up. Prints p50/p90/p99 in milliseconds.
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { startTestServer } from '../test-support/test-server.mjs';
import { percentile, printTable } from '../test-support/bench-report.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const WARM_UP = 30;

const inquiry = {
  companyName: 'Benchmark Fabrication',
  contactName: 'Load Tester',
  email: 'load.tester@bench.example',
  problemDescription: 'Measuring what the MCP layer adds to a write.',
  urgency: 'medium',
};

const operations = [
  { tool: 'get_service', args: { serviceId: 'website-offer-audit' }, path: '/v1/services/website-offer-audit' },
  { tool: 'search_insights', args: { q: 'buffer management', limit: 5 }, path: '/v1/insights/search?q=buffer%20management&limit=5' },
  { tool: 'submit_inquiry', args: inquiry, path: '/v1/inquiries', method: 'POST', body: inquiry },
];

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function expectOk(response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text.slice(0, 200)}`);
  return text;
}

const server = await startTestServer({ env: { JOB_RUNNER: 'off' } });
const client = new Client({ name: 'bench', version: '1.0.0' });
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`)));
  await client.listTools();
  const rpcHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };
  let rpcId = 0;
  const ways = {
    '/v1': (op) =>
      fetch(`${server.baseUrl}${op.path}`, {
        method: op.method ?? 'GET',
        headers: op.body ? { 'content-type': 'application/json' } : {},
        body: op.body ? JSON.stringify(op.body) : undefined,
      }).then(expectOk),
    'MCP (SDK)': async (op) => {
      const result = await client.callTool({ name: op.tool, arguments: op.args });
      if (result.isError) throw new Error(result.content[0].text);
    },
    'MCP (POST)': (op) =>
      fetch(`${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: rpcHeaders,
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method: 'tools/call', params: { name: op.tool, arguments: op.args } }),
      }).then(expectOk),
  };

  const rows = [];
  for (const op of operations) {
    const samples = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
    for (let i = 0; i < WARM_UP + CALLS; i += 1) {
      for (const [way, call] of Object.entries(ways)) {
        const ms = await timed(() => call(op));
        if (i >= WARM_UP) samples[way].push(ms);
      }
    }
    const p50v1 = percentile(samples['/v1'], 50);
    for (const [way, values] of Object.entries(samples)) {
      const p50 = percentile(values, 50);
      rows.push([
        `${op.tool} ${way}`,
        p50.toFixed(2),
        percentile(values, 90).toFixed(2),
        percentile(values, 99).toFixed(2),
        way === '/v1' ? '' : `+${(p50 - p50v1).toFixed(2)}`,
      ]);
    }
  }
  console.log(`${CALLS} sequential calls of each kind per operation, interleaved, against ${server.baseUrl}\n`);
  printTable(['operation', 'p50 ms', 'p90 ms', 'p99 ms', 'p50 over /v1'], rows);
} finally {
  await client.close();
  await server.stop();
}
