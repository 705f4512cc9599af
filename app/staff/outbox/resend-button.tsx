import { resendMessageAction } from './actions';

/** Queues a failed or unsent message again: the same stored message, so the same Message-ID. */
export function ResendButton({ id }: { id: string }) {
  return (
    <form action={resendMessageAction.bind(null, id)}>
      <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
        Resend
      </button>
    </form>
  );
}
