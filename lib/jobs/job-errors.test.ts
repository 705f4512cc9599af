import { describe, expect, it } from 'vitest';
import { describeJobError } from './job-errors';

describe('describeJobError', () => {
  it('keeps the whole message of an error that starts with a line break, as Prisma writes them', () => {
    const error = Object.assign(new Error('\nInvalid `prisma.checkout.updateMany()` invocation:\n\n\nOperation has timed out'), {
      name: 'PrismaClientKnownRequestError',
    });
    expect(describeJobError(error)).toBe('PrismaClientKnownRequestError: Invalid `prisma.checkout.updateMany()` invocation:\n\n\nOperation has timed out');
  });

  it('names what was thrown when it is no Error, and cuts a message longer than a screenful', () => {
    expect(describeJobError('  plain text\n')).toBe('plain text');
    expect(describeJobError(new Error('x'.repeat(3000)))).toBe(`Error: ${'x'.repeat(1993)}…`);
  });
});
