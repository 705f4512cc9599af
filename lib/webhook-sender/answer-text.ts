import { WEBHOOK_RESPONSE_BYTES } from './delivery-limits';

/**
 * A receiver's answer as text for the delivery log, never more than `maxBytes` of UTF-8. The body was read up to the
 * byte cap, which can fall inside a character: that character is left out whole, not turned into a U+FFFD that would
 * take the text past the cap (4,095 bytes and half an `é` became 4,098). Bytes that are not UTF-8 at all still become
 * U+FFFD, three bytes each, so text they made longer than the cap is cut again, between characters.
 */
export function answerText(bytes: Uint8Array, maxBytes = WEBHOOK_RESPONSE_BYTES): string {
  // `stream: true` holds back a sequence the end cut short instead of replacing it (the decoder is then dropped).
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes, { stream: true });
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let size = 0;
  let end = 0;
  for (const character of text) {
    size += Buffer.byteLength(character);
    if (size > maxBytes) break;
    end += character.length;
  }
  return text.slice(0, end);
}
