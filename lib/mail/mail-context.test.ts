import { describe, expect, it } from 'vitest';
import { config, EnvSchema } from '@/lib/config';
import { testCompanyProfile, TEST_NOW, TEST_SITE_URL } from '@/test-support/mail/mail-fixtures';
import { mailSettings } from './mail-context';

const env = { SITE_URL: `${TEST_SITE_URL}/`, FIRM_TIME_ZONE: 'America/New_York' };

describe('mailSettings', () => {
  it('sends from the firm name and contact address, and notices go there too, when MAIL_FROM and FIRM_INBOX_EMAIL are unset', () => {
    expect(mailSettings(testCompanyProfile, env, TEST_NOW)).toEqual({
      firm: {
        name: 'Throughline Partners',
        email: 'hello@throughlinepartners.com',
        phone: '+1 412 555 0148',
        website: 'https://www.throughlinepartners.com',
        headquarters: 'Pittsburgh, Pennsylvania, United States',
      },
      siteUrl: 'https://www.throughlinepartners.com',
      timeZone: 'America/New_York',
      from: { name: 'Throughline Partners', address: 'hello@throughlinepartners.com' },
      firmInbox: { name: 'Throughline Partners', address: 'hello@throughlinepartners.com' },
      alertInbox: { name: 'Throughline Partners site alerts', address: 'hello@throughlinepartners.com' },
      now: TEST_NOW,
    });
  });

  it('uses MAIL_FROM and FIRM_INBOX_EMAIL when set', () => {
    const settings = mailSettings(testCompanyProfile, {
      ...env,
      MAIL_FROM: 'Throughline Bookings <bookings@throughlinepartners.com>',
      FIRM_INBOX_EMAIL: 'desk@throughlinepartners.com',
    });
    expect(settings.from).toEqual({ name: 'Throughline Bookings', address: 'bookings@throughlinepartners.com' });
    expect(settings.firmInbox).toEqual({ name: 'Throughline Partners', address: 'desk@throughlinepartners.com' });
    // Alerts go to the firm's inbox unless ALERT_EMAIL names another.
    expect(settings.alertInbox).toEqual({ name: 'Throughline Partners site alerts', address: 'desk@throughlinepartners.com' });
    expect(
      mailSettings(testCompanyProfile, { ...env, FIRM_INBOX_EMAIL: 'desk@throughlinepartners.com', ALERT_EMAIL: 'ops@throughlinepartners.com' }).alertInbox,
    ).toEqual({
      name: 'Throughline Partners site alerts',
      address: 'ops@throughlinepartners.com',
    });
  });

  it('takes config() as it is (no MAIL_FROM or FIRM_INBOX_EMAIL in the test environment)', () => {
    const settings = mailSettings(testCompanyProfile, config());
    expect([settings.from, settings.firmInbox, settings.timeZone]).toEqual([
      { name: 'Throughline Partners', address: 'hello@throughlinepartners.com' },
      { name: 'Throughline Partners', address: 'hello@throughlinepartners.com' },
      'America/New_York',
    ]);
  });

  it('refuses to build a sender from nothing', () => {
    expect(() => mailSettings({ ...testCompanyProfile, contact: null }, env)).toThrow(/MAIL_FROM/);
  });
});

describe('mail configuration (EnvSchema)', () => {
  it('accepts smtp: and smtps: URLs and leaves all three unset by default', () => {
    expect(EnvSchema.parse({ SMTP_URL: 'smtp://user:pass@mail.example:587' }).SMTP_URL).toBe('smtp://user:pass@mail.example:587');
    expect(EnvSchema.parse({ SMTP_URL: 'smtps://mail.example:465' }).SMTP_URL).toBe('smtps://mail.example:465');
    const defaults = EnvSchema.parse({});
    expect([defaults.SMTP_URL, defaults.MAIL_FROM, defaults.FIRM_INBOX_EMAIL]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses another scheme, a MAIL_FROM that is not one mailbox, and a bad inbox address', () => {
    expect(EnvSchema.safeParse({ SMTP_URL: 'http://mail.example' }).error?.issues[0]?.message).toBe('SMTP_URL must be an smtp: or smtps: URL');
    expect(EnvSchema.safeParse({ MAIL_FROM: 'a@x.example, b@x.example' }).error?.issues[0]?.path).toEqual(['MAIL_FROM']);
    expect(EnvSchema.safeParse({ FIRM_INBOX_EMAIL: 'desk' }).error?.issues[0]?.path).toEqual(['FIRM_INBOX_EMAIL']);
  });
});
