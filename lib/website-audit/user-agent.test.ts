import { describe, expect, it } from 'vitest';
import { auditUserAgent } from './user-agent';

describe('auditUserAgent', () => {
  it('names the firm, the bot and where to read about it', () => {
    expect(auditUserAgent('https://throughlinepartners.com')).toBe(
      'Mozilla/5.0 (compatible; ThroughlineAuditBot/1.0; Throughline Partners website offer audit; +https://throughlinepartners.com/services/website-offer-audit)',
    );
  });
});
