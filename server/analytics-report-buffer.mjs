// Where the web server's thread gathers report lines (analytics-report-lines.mjs) between two messages to the analytics
// writer: a buffer outside the JavaScript heap, handed to the thread without a copy (transferred); the next lines go
// into a new one. The thread reads the lines straight from its bytes (createReportReader).
//
// A line is a time in milliseconds and fields, each after a tab; lines are joined by line breaks. The fields are
// written into the buffer one by one, straight from the strings the request already has: no line is made as a string
// on the web server's heap (a line of JSON was 2.8 µs of a request in the profile). On the writer's side, the reader
// hands a repeated line back as the string it made before: that thread's garbage, collected with helper threads the
// web server's collections share, was most of what counting cost (docs/performance.md, "Counting: what the 20 µs were,
// and the fix").

/** Bytes of one buffer: a 50 ms send at 5,000 views a second is about 60 KB. */
export const REPORT_BUFFER_BYTES = 128 * 1024;

const [LINE_BREAK, TAB, ZERO, NINE] = [0x0a, 0x09, 0x30, 0x39];

/** The most digits of a time in milliseconds, and the line break before a line. */
const FRAME_UNITS = 17;

/**
 * UTF-8 takes at most 3 bytes per UTF-16 code unit, and an escaped character (two ASCII bytes) never more, so a line
 * whose fields hold `units` code units in all never needs more.
 */
const mostBytes = (units) => units * 3 + FRAME_UNITS;

const needsEscape = (text) => text.includes('\t') || text.includes('\n') || text.includes('\\');
const ESCAPED = { '\\': '\\\\', '\t': '\\t', '\n': '\\n' };
const UNESCAPED = { '\\': '\\', t: '\t', n: '\n' };

/**
 * A buffer of report lines. When a line about to start might not fit after what is held, what is held is taken and
 * given to `whenFull(taken)` (the holder sends it), and the line starts a new buffer.
 */
export function createReportBuffer({ capacity = REPORT_BUFFER_BYTES, whenFull = () => {} } = {}) {
  let bytes = null;
  let used = 0;
  const take = () => {
    if (used === 0) return null;
    const taken = { buffer: bytes.buffer, length: used };
    bytes = null;
    used = 0;
    return taken;
  };
  return {
    /**
     * Starts a line at `at` (milliseconds since the epoch) whose fields hold at most `units` UTF-16 code units, one
     * more for each field (its tab). A line longer than a whole buffer gets one of its own.
     */
    startLine(at, units) {
      const needed = mostBytes(units);
      if (used > 0 && needed > bytes.length - used) whenFull(take());
      if (!bytes || (used === 0 && bytes.length < needed)) bytes = Buffer.allocUnsafeSlow(Math.max(capacity, needed));
      if (used > 0) bytes[used++] = LINE_BREAK;
      // The time's digits, written without making a string of them.
      const time = Math.max(0, Math.floor(at));
      let digits = 1;
      for (let rest = time; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
      for (let index = digits - 1, rest = time; index >= 0; index -= 1, rest = Math.floor(rest / 10)) bytes[used + index] = ZERO + (rest % 10);
      used += digits;
    },
    /** Appends a field (a string) to the line started: a tab, then the text, with tabs, line breaks and backslashes escaped. */
    field(text) {
      bytes[used++] = TAB;
      used += bytes.write(needsEscape(text) ? text.replace(/[\\\t\n]/g, (character) => ESCAPED[character]) : text, used);
    },
    /** The lines held as an ArrayBuffer and its length, for a transfer; null when empty. Empties the buffer. */
    take,
  };
}

/**
 * Bodies a reader keeps, by a hash of their bytes, before it starts again, and the longest it keeps: at most 10 MB of
 * text, whatever User-Agents a client makes up (a usual body is about 250 bytes, so about 2.5 MB).
 */
const KNOWN_BODIES = 10_000;
const LONGEST_KNOWN_BODY = 1024;

/** Whether `text` is the bytes from `start` to `end` as ASCII (a body with any other character is never "the same"). */
function sameAscii(text, bytes, start, end) {
  if (text.length !== end - start) return false;
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) !== bytes[start + index]) return false;
  return true;
}

/**
 * What reads the lines of taken buffers on the analytics writer's thread. `read(buffer, length, onLine)` calls
 * `onLine(at, body)` for each line: its time, and its fields as written (each after a tab but the first, still
 * escaped; fieldsOf splits them). A line without a time (digits, then a tab) is left out.
 *
 * Most lines repeat one seen a moment ago (a view differs from the visitor's last only in its time), so the reader
 * keeps the bodies it made, by a hash (FNV-1a) of their bytes, and gives a repeated line the same string again after
 * comparing it byte for byte: reading a view makes no garbage. A string per line, made and dropped thousands of times
 * a second, kept the thread's young generation collecting twice a second, and each collection woke V8's helper
 * threads, which the web server's own collections share. Each body made is a string of its own, never a slice of a
 * text of the whole buffer (which a held body would keep alive: a new view's body is the batch's key until the next
 * write).
 */
export function createReportReader({ knownBodies = KNOWN_BODIES } = {}) {
  let known = new Map();
  const bodyAt = (bytes, start, end) => {
    let hash = 0x811c9dc5;
    for (let index = start; index < end; index++) hash = Math.imul(hash ^ bytes[index], 0x01000193);
    const seen = known.get(hash);
    if (seen !== undefined && sameAscii(seen, bytes, start, end)) return seen;
    const body = bytes.toString('utf8', start, end);
    if (end - start > LONGEST_KNOWN_BODY) return body;
    if (known.size >= knownBodies) known = new Map();
    known.set(hash, body);
    return body;
  };
  return {
    read(buffer, length, onLine) {
      const bytes = Buffer.from(buffer, 0, length);
      for (let start = 0; start < length;) {
        let end = bytes.indexOf(LINE_BREAK, start);
        if (end === -1) end = length;
        let at = 0;
        let cursor = start;
        for (; cursor < end && bytes[cursor] >= ZERO && bytes[cursor] <= NINE; cursor++) at = at * 10 + bytes[cursor] - ZERO;
        if (cursor > start && cursor < end && bytes[cursor] === TAB) onLine(at, bodyAt(bytes, cursor + 1, end));
        start = end + 1;
      }
    },
  };
}

/** The fields of a line's body, unescaped. */
export function fieldsOf(body) {
  const fields = body.split('\t');
  if (!body.includes('\\')) return fields;
  return fields.map((field) => (field.includes('\\') ? field.replace(/\\([\\tn])/g, (_, character) => UNESCAPED[character]) : field));
}
