import { describe, expect, it } from 'vitest';
import { contentAnswerKey, contentAnswersHeld, heldContentAnswer, holdContentAnswer } from './content-answers';

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

describe('content answers held per address and build_stamp', () => {
  it('keys an answer by operation and the address from its path on, whatever the host', () => {
    expect(contentAnswerKey('listServices', 'http://127.0.0.1:3000/v1/services?limit=2')).toBe('listServices /v1/services?limit=2');
    expect(contentAnswerKey('listServices', 'https://example.com/v1/services?limit=2')).toBe('listServices /v1/services?limit=2');
    expect(contentAnswerKey('getRoot', 'http://example.com')).toBe('getRoot /');
  });

  it('answers the bytes of the serialized value while the stamp holds, and nothing under another stamp', () => {
    const key = contentAnswerKey('listServices', 'http://localhost/v1/services?offset=7');
    const before = contentAnswersHeld();
    const body = holdContentAnswer(key, 'stamp-1', { services: [{ id: 'a', name: 'Ä' }], total: 1 });
    expect(text(body)).toBe('{"services":[{"id":"a","name":"Ä"}],"total":1}');
    expect(text(heldContentAnswer(key, 'stamp-1'))).toBe('{"services":[{"id":"a","name":"Ä"}],"total":1}');
    expect(heldContentAnswer(key, 'stamp-2')).toBeUndefined();
    expect(contentAnswersHeld()).toEqual({ answers: before.answers + 1, bytes: before.bytes + body.byteLength + key.length });
  });

  it('replaces an answer of a past stamp with the new one', () => {
    const key = contentAnswerKey('getServiceDetail', 'http://localhost/v1/services/x');
    holdContentAnswer(key, 'old', { v: 1 });
    holdContentAnswer(key, 'new', { v: 2 });
    expect(heldContentAnswer(key, 'old')).toBeUndefined();
    expect(text(heldContentAnswer(key, 'new'))).toBe('{"v":2}');
  });

  it('serializes but does not keep an answer larger than the whole bound (8 MiB)', () => {
    const key = contentAnswerKey('listInsights', 'http://localhost/v1/insights?huge');
    const body = holdContentAnswer(key, 'stamp-1', { text: 'x'.repeat(8 * 2 ** 20) });
    expect(body.byteLength).toBe(8 * 2 ** 20 + 11);
    expect(heldContentAnswer(key, 'stamp-1')).toBeUndefined();
  });
});
