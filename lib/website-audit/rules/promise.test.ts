import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkPromise, TIME_FRAME_PATTERN } from './promise';

describe('checkPromise', () => {
  it.each([
    'Seen within 24 hours',
    'Crowns fitted in 2 visits, done in 10 days',
    'Same-day emergency appointments',
    'Your books closed by the 5th of every month',
    'Results in three weeks',
    'Delivered next-day',
  ])('recognises a time frame in “%s”', (text) => {
    expect(TIME_FRAME_PATTERN.test(text)).toBe(true);
  });

  it.each(['24-hour emergency line', 'Serving Portland for over 20 years', 'Quality care for the whole family'])('finds no time frame in “%s”', (text) => {
    expect(TIME_FRAME_PATTERN.test(text)).toBe(false);
  });

  it('passes a promise with a time frame in the first screen', () => {
    expect(checkPromise(bodyPage('<h1>New patients seen within 48 hours</h1><p>Exams from $95.</p>'))).toBeNull();
  });

  it('reports a time frame that appears only below the fold, quoting it', () => {
    expect(checkPromise(bodyPage('<h1>Family dentistry</h1><h2>Emergencies</h2><p>Call before noon. We see emergencies within 2 hours.</p>'))).toMatchObject({
      id: 'offer.time-frame-buried',
      severity: 'minor',
      evidence: 'We see emergencies within 2 hours.',
    });
  });

  it('reports a page with no time frame at all as major, quoting its headline or else its first screen', () => {
    expect(checkPromise(bodyPage('<h1>Quality care for the whole family</h1><p>Gentle, modern dentistry.</p>'))).toMatchObject({
      id: 'offer.no-time-frame',
      severity: 'major',
      category: 'offer',
      evidence: 'Headline: “Quality care for the whole family”',
    });
    expect(checkPromise(bodyPage('<p>Quality care for the whole family.</p><p>Gentle, modern dentistry.</p>'))?.evidence).toBe(
      'Quality care for the whole family. Gentle, modern dentistry.',
    );
  });
});
