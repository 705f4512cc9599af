/** A user-facing error carrying a Prisma error code (shown by the CLI as `P1003: ...`). */
export class UserFacingError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}
