/** Why an upload is refused; each maps to one HTTP status and one sentence for staff. */
export type UploadRefusalReason = 'empty' | 'too-large' | 'svg' | 'unsupported-type' | 'too-many-pixels' | 'damaged';

/** An upload the library does not take. Nothing of it is stored. */
export class UploadRefusal extends Error {
  constructor(
    readonly reason: UploadRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefusal';
  }
}
