import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

/** What a browser would make of a Location header holding `next`, from a page of this site. */
const resolvedHost = (next: string) => new URL(next, 'https://throughline.example/staff/sign-in').host;

describe('the sign-in next parameter', () => {
  it.each([
    '//evil.example',
    '//evil.example/staff',
    'https://evil.example',
    'https://evil.example/staff',
    'http:evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '\\/evil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    '/staff/../..//evil.example',
    '/staff/%2e%2e/%2e%2e//evil.example',
    '/staff@evil.example',
    '/staff.evil.example',
    '/staffevil',
    '/staff\\evil.example',
    '/staff/\\evil.example',
    '/staff?next=https://evil.example',
    '/staff#@evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/',
    '/contact',
    '',
    null,
    undefined,
  ])('refuses %j: back to /staff', (next) => {
    expect(safeNextPath(next)).toBe('/staff');
  });

  it.each([
    '/staff',
    '/staff/',
    '/staff/inquiries',
    '/staff/inquiries/inq_Ab-9',
    '/staff/reports/kJf5Ql7E5Yx_-Q',
    '/staff/outbox?status=failed&page=2',
    '/staff?x=%2F%2Fevil.example',
  ])('keeps the staff path %j, which stays on this site', (next) => {
    expect(safeNextPath(next)).toBe(next);
    expect(resolvedHost(next)).toBe('throughline.example');
  });
});
