import { describe, expect, it } from 'vitest';
import { answerText } from './answer-text';

describe('answerText, the delivery log’s copy of an answer', () => {
  it('keeps a short answer as it is, a byte-order mark included', () => {
    expect(answerText(Buffer.from('ok'))).toBe('ok');
    expect(answerText(Buffer.from(''))).toBe('');
    expect(answerText(Buffer.from('\uFEFF{"ok":true}'))).toBe('\uFEFF{"ok":true}');
  });

  it('leaves out a character the cap cut in two, of 2, 3 or 4 bytes', () => {
    expect(answerText(Buffer.from('aé').subarray(0, 2), 4096)).toBe('a');
    expect(answerText(Buffer.from('a€').subarray(0, 3), 4096)).toBe('a');
    expect(answerText(Buffer.from('a😀').subarray(0, 4), 4096)).toBe('a');
  });

  it('cuts answers that are not UTF-8 back to the cap between replacement characters', () => {
    const text = answerText(Buffer.alloc(4096, 0xff));
    // 1,365 U+FFFD of three bytes each: 4,095 bytes, where decoding all 4,096 bytes would make 12,288.
    expect(text).toBe('\uFFFD'.repeat(1365));
    expect(Buffer.byteLength(text)).toBe(4095);
    expect(answerText(Buffer.from([0x61, 0xff, 0x62]), 3)).toBe('a');
  });
});
