import { describe, expect, it } from 'vitest';
import { DRILLS } from '.';

/**
 * The short form of every drill (`npm test`, stage "drills"; the production build must exist). Each drill reports its
 * figures and what went wrong; a drill passes with no problem. The long forms run with `npm run drills`.
 */
describe.each(Object.entries(DRILLS).filter(([, drill]) => !drill.longOnly))('drill %s (short form)', (name, drill) => {
  it('finds no problem', async () => {
    const result = await drill.run({ form: 'short' });
    console.log(
      `${name}:\n${result.figures.map(([label, value]) => `  ${label}: ${value}`).join('\n')}${result.skipped ? `\n  skipped: ${result.skipped}` : ''}`,
    );
    // The problems themselves in the failure, not "expected [ Array(1) ]": a CI log must say what went wrong.
    expect(result.problems, result.problems.join('\n')).toEqual([]);
    expect(result.figures.length).toBeGreaterThan(0);
  });
});
