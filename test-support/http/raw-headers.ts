// Plain TypeScript with no test-runner imports: vitest and Playwright both load it.

/**
 * The header block of a raw message (as it arrived over SMTP), unfolded, as [name, value] pairs in order: what a
 * receiving server sees, so a test can check that no visitor text became a header line of its own.
 */
export function rawHeaders(message: { raw: string }): Array<[string, string]> {
  const block = message.raw.slice(0, message.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return block.split('\r\n').map((line) => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon), line.slice(colon + 1).trim()];
  });
}

/**
 * Every header line of a sent message that has a Reply-To, in the order the transport writes them: a visitor's text
 * that broke out into a header of its own (Bcc, Cc, X-…) would add a line.
 */
export const REPLY_TO_MESSAGE_HEADERS = ['Auto-Submitted', 'From', 'To', 'Reply-To', 'Subject', 'Message-ID', 'Date', 'MIME-Version', 'Content-Type'];
