// Plain TypeScript with no test-runner imports. Expected 422 bodies in the contract's pydantic shape: each builder
// spells out the fixed part of one kind of issue (its type, the wording pydantic gives it), and the test gives the
// rest, so an assertion still names every value it expects.

type Location = (string | number)[];

/** The body of a 422 answer: its issues, in the order the server reports them. */
export function unprocessable(...detail: unknown[]) {
  return { detail };
}

/** A required field that is absent; pydantic quotes the whole object it was looked for in. */
export function fieldMissing(loc: Location, input: unknown) {
  return { type: 'missing', loc, msg: 'Field required', input };
}

/** A value outside a fixed list; `choices` as the message quotes them, e.g. "'a', 'b' or 'c'". */
export function notOneOf(loc: Location, input: unknown, choices: string) {
  return { type: 'enum', loc, msg: `Input should be ${choices}`, input, ctx: { expected: choices } };
}

/** An empty list where at least one item is needed. */
export function emptyList(loc: Location) {
  return {
    type: 'too_short',
    loc,
    msg: 'List should have at least 1 item after validation, not 0',
    input: [],
    ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
  };
}

/** An email address the validator refused, with its reason. */
export function notAnEmail(loc: Location, input: string, reason: string) {
  return { type: 'value_error', loc, msg: `value is not a valid email address: ${reason}`, input, ctx: { reason } };
}

/** A rule across fields that failed: the message says it to the caller, `error` is the check's own words. */
export function ruleBroken(loc: Location, input: unknown, message: string, error = message) {
  return { type: 'value_error', loc, msg: `Value error, ${message}`, input, ctx: { error } };
}
