/** A refusal of the whole form (the draft changed, a booking in the way), announced to screen readers. */
export function FormAlert({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded-md border border-danger p-3 text-sm text-danger">
      {message}
    </p>
  ) : null;
}
