import { describe, expect, it } from 'vitest';
import { bodyText, headerText } from './header-text';
import { isSingleMailbox, mailbox, parseMailbox, UnsafeAddressError } from './mailbox';

describe('headerText', () => {
  it('turns CR, LF, NUL, other controls and Unicode line separators into single spaces', () => {
    expect(headerText('Eve\r\nBcc: evil@x.example')).toBe('Eve Bcc: evil@x.example');
    expect(headerText('A\u0000B\u0007C\u007fD\u0085E\u2028F\u2029G')).toBe('A B C D E F G');
    expect(headerText('  spaced \t out  ')).toBe('spaced out');
  });

  it('caps the length by characters, not UTF-16 units', () => {
    expect(headerText('😀'.repeat(5), 3)).toBe('😀😀…');
  });
});

describe('bodyText', () => {
  it('keeps line breaks (normalised to LF) and tabs, and drops other controls', () => {
    expect(bodyText('one\r\ntwo\rthree\tfour\u0000\u001b[31m')).toBe('one\ntwo\nthree\tfour[31m');
    expect(bodyText('a\u2028b')).toBe('a\nb');
  });
});

describe('mailbox', () => {
  it('keeps a valid address and makes the name one line', () => {
    expect(mailbox('Eve\r\nBcc: evil@x.example', 'eve@example.com')).toEqual({ name: 'Eve Bcc: evil@x.example', address: 'eve@example.com' });
    expect(mailbox(null, 'eve@example.com')).toEqual({ name: '', address: 'eve@example.com' });
  });

  it.each([
    'eve@example.com\r\nBcc: evil@x.example',
    'eve@example.com, evil@x.example',
    'Eve <eve@example.com>',
    'eve@example.com\u0000',
    ' eve@example.com',
    'not-an-address',
    '',
    `${'a'.repeat(250)}@x.example`,
  ])('refuses %j, which is not exactly one mailbox', (address) => {
    expect(() => mailbox('Eve', address)).toThrow(UnsafeAddressError);
  });
});

describe('parseMailbox (MAIL_FROM)', () => {
  it('reads "Name <address>" and a bare address', () => {
    expect(parseMailbox('Throughline Partners <hello@throughlinepartners.com>')).toEqual({
      name: 'Throughline Partners',
      address: 'hello@throughlinepartners.com',
    });
    expect(parseMailbox('hello@throughlinepartners.com')).toEqual({ name: '', address: 'hello@throughlinepartners.com' });
  });

  it('refuses lists, groups and nonsense', () => {
    expect(isSingleMailbox('a@x.example, b@y.example')).toBe(false);
    expect(isSingleMailbox('Team: a@x.example, b@y.example;')).toBe(false);
    expect(isSingleMailbox('Throughline Partners')).toBe(false);
    expect(isSingleMailbox('Throughline <hello@throughlinepartners.com>')).toBe(true);
  });
});
