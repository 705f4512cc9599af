// Where the web server's thread gathers report lines (analytics-report-lines.mjs) between two messages to the analytics
// writer: a buffer outside the JavaScript heap, into which a line is written as soon as it is made (the string is
// garbage at once), handed to the thread without a copy (transferred); the next lines go into a new one. The thread
// reads the lines straight from its bytes (reportLinesOf). Measured under the counting benchmark (node --trace-gc), the
// web thread's collections were already as many with counting on as off before this; what it saves is on the writer's
// side: no text of the whole message to split, and no slice of it held as a key (below).

/** Bytes of one buffer: a 50 ms send at 5,000 views a second is about 60 KB. */
export const REPORT_BUFFER_BYTES = 128 * 1024;

/** UTF-8 takes at most 3 bytes per UTF-16 code unit, so a line of `length` units never needs more. */
const mostBytes = (length) => length * 3 + 1;

export function createReportBuffer(capacity = REPORT_BUFFER_BYTES) {
  let bytes = null;
  let used = 0;
  return {
    /** Whether `line` fits after what is held (a line longer than a whole buffer gets one of its own, so it always fits into an empty one). */
    fits: (line) => used === 0 || mostBytes(line.length) <= capacity - used,
    /** Appends `line`, after a line break when something is held. Call `fits` first. */
    add(line) {
      if (!bytes || (used === 0 && bytes.length < mostBytes(line.length))) bytes = Buffer.allocUnsafeSlow(Math.max(capacity, mostBytes(line.length)));
      if (used > 0) bytes[used++] = 0x0a;
      used += bytes.write(line, used);
    },
    /** The lines held (UTF-8, joined by line breaks) as an ArrayBuffer and its length, for a transfer; null when empty. Empties the buffer. */
    take() {
      if (used === 0) return null;
      const taken = { buffer: bytes.buffer, length: used };
      bytes = null;
      used = 0;
      return taken;
    },
  };
}

const [LINE_BREAK, TAB, ZERO, NINE] = [0x0a, 0x09, 0x30, 0x39];

/**
 * The lines of a taken buffer, each as a `{ at, body }` line of analytics-report-lines.mjs, read straight from its
 * bytes: each body is a string of its own, where splitting one text of the whole buffer made every body a slice that
 * kept the whole text alive as long as the body was held (a new view's body is the batch's key until the next write).
 * A line without a time (digits, then a tab) is left out.
 */
export function* reportLinesOf(buffer, length) {
  const bytes = Buffer.from(buffer, 0, length);
  for (let start = 0; start < length;) {
    let end = bytes.indexOf(LINE_BREAK, start);
    if (end === -1) end = length;
    let at = 0;
    let cursor = start;
    for (; cursor < end && bytes[cursor] >= ZERO && bytes[cursor] <= NINE; cursor++) at = at * 10 + bytes[cursor] - ZERO;
    if (cursor > start && cursor < end && bytes[cursor] === TAB) yield { at, body: bytes.toString('utf8', cursor + 1, end) };
    start = end + 1;
  }
}
