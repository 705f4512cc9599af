#!/usr/bin/env node
// `npm run lint:contract`: the generated OpenAPI document (lib/generated/openapi.json, run `npm run generate` first)
// against Redocly's recommended rules and Spectral's `spectral:oas` ruleset (.spectral.yaml). Both must report
// nothing at all, warnings included: a blemish is fixed in the document's source (lib/contract, lib/openapi), never
// with an ignore file.
import { run } from '../server/run.mjs';

const DOCUMENT = 'lib/generated/openapi.json';

async function problems(command, args, count) {
  const { code, output } = await run(process.execPath, [command, ...args], { quiet: true });
  const json = output.slice(output.search(/[[{]/));
  try {
    return count(JSON.parse(json.slice(0, json.lastIndexOf(json.startsWith('[') ? ']' : '}') + 1)));
  } catch {
    throw new Error(`${command} ${args.join(' ')} gave no report (exit ${code}):\n${output}`);
  }
}

const redocly = await problems('node_modules/@redocly/cli/bin/cli.js', ['lint', DOCUMENT, '--format=json'], (report) => ({
  errors: report.totals.errors,
  warnings: report.totals.warnings,
  list: report.problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`),
}));
const spectral = await problems('node_modules/@stoplight/spectral-cli/dist/index.js', ['lint', DOCUMENT, '--format=json', '--quiet'], (results) => ({
  errors: results.filter((result) => result.severity === 0).length,
  warnings: results.filter((result) => result.severity > 0).length,
  list: results.map((result) => `${['error', 'warning', 'info', 'hint'][result.severity]} ${result.code}: ${result.message} (${result.path.join('.')})`),
}));

let failed = false;
for (const [name, report] of Object.entries({ 'Redocly (recommended)': redocly, 'Spectral (spectral:oas)': spectral })) {
  console.log(`${name}: ${report.errors} errors, ${report.warnings} warnings`);
  for (const line of report.list) console.log(`  ${line}`);
  if (report.errors + report.warnings > 0) failed = true;
}
process.exit(failed ? 1 : 0);
