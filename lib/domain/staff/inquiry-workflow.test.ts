import { describe, expect, it } from 'vitest';
import { allowedNextStatuses, isAllowedTransition } from './inquiry-workflow';

describe('inquiry status transitions', () => {
  it('moves one step forward or closes', () => {
    expect(allowedNextStatuses('submitted')).toEqual(['reviewed', 'closed']);
    expect(allowedNextStatuses('contacted')).toEqual(['in-progress', 'closed']);
    expect(allowedNextStatuses('in-progress')).toEqual(['closed']);
    expect(allowedNextStatuses('closed')).toEqual([]);
  });

  it('refuses skipping, going back and reopening', () => {
    expect(isAllowedTransition('submitted', 'contacted')).toBe(false);
    expect(isAllowedTransition('contacted', 'reviewed')).toBe(false);
    expect(isAllowedTransition('closed', 'submitted')).toBe(false);
    expect(isAllowedTransition('reviewed', 'closed')).toBe(true);
  });
});
