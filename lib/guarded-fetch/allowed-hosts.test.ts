import { describe, expect, it } from 'vitest';
import { AllowedHostList, parseAllowedHost } from './allowed-hosts';

describe('AUDIT_ALLOWED_HOSTS entries', () => {
  it.each([
    ['127.0.0.1:8080', '127.0.0.1:8080'],
    ['  staging.ledgerline.example:443 ', 'staging.ledgerline.example:443'],
    ['STAGING.Ledgerline.example:80', 'staging.ledgerline.example:80'],
    ['localhost:3100', 'localhost:3100'],
    ['[::1]:8443', '[::1]:8443'],
    ['[0:0:0:0:0:0:0:1]:8443', '[::1]:8443'],
    ['0177.0.0.1:8080', '127.0.0.1:8080'],
  ])('%s is the key %s', (entry, key) => {
    expect(parseAllowedHost(entry)).toBe(key);
  });

  it.each([['127.0.0.1'], ['staging.example'], ['staging.example:0'], ['staging.example:70000'], [':8080'], ['::1:8080'], ['a b:80']])(
    'refuses %s',
    (entry) => {
      expect(parseAllowedHost(entry)).toBeNull();
    },
  );

  it('parses the variable: empty by default, comma-separated, and loud about a bad entry', () => {
    expect(AllowedHostList.parse(undefined)).toEqual([]);
    expect(AllowedHostList.parse('')).toEqual([]);
    expect(AllowedHostList.parse('127.0.0.1:8080, staging.ledgerline.example:443,')).toEqual(['127.0.0.1:8080', 'staging.ledgerline.example:443']);
    const result = AllowedHostList.safeParse('127.0.0.1:8080,staging.ledgerline.example');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['"staging.ledgerline.example" is not a host:port entry']);
  });
});
