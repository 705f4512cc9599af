/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: anything a mail client or an
 * SMTP server could read as the end of a header line.
 */
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * One line of visible text for a header (a display name, a subject). Visitor-supplied text goes through this
 * before it is stored in a message, so "Eve\r\nBcc: x@y" becomes the harmless name "Eve Bcc: x@y".
 */
export function headerText(value: string, maxLength = 200): string {
  const line = value.replace(LINE_BREAKING, ' ').replace(/\s+/g, ' ').trim();
  const characters = Array.from(line);
  return characters.length > maxLength ? `${characters.slice(0, maxLength - 1).join('')}…` : line;
}

/** Body text keeps its line breaks (normalised to \n) and tabs, but loses every other control character. */
export function bodyText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
    .replace(/[\u2028\u2029]/g, '\n');
}
