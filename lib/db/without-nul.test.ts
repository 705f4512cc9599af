import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { submitInquiry } from '@/lib/domain/inquiries/inquiries';
import { withoutNul } from './without-nul';

describe('NUL characters, which PostgreSQL cannot store', () => {
  it('are dropped from strings at any depth, other values left as they are', () => {
    const when = new Date('2026-01-02T03:04:05Z');
    expect(withoutNul({ a: 'x\u0000y', b: ['\u0000', { c: 'z\u0000' }], when, n: 3, big: 10n, none: null })).toEqual({
      a: 'xy',
      b: ['', { c: 'z' }],
      when,
      n: 3,
      big: 10n,
      none: null,
    });
  });

  it('never reach the database: a visitor can send them in any text and JSON field on either engine', async () => {
    const { id } = await submitInquiry({
      companyName: 'Null\u0000 Industries',
      contactName: 'Rosa\u0000',
      email: 'rosa@null.example',
      problemDescription: 'Heat treat\u0000 waits.',
      preferredServices: ['constraint-snapshot\u0000'],
    });
    expect(
      await db.inquiry.findUniqueOrThrow({
        where: { id },
        select: { companyName: true, contactName: true, problemDescription: true, preferredServices: true },
      }),
    ).toEqual({
      companyName: 'Null Industries',
      contactName: 'Rosa',
      problemDescription: 'Heat treat waits.',
      preferredServices: ['constraint-snapshot'],
    });
  });
});
