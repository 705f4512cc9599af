import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { DomainError } from '@/lib/core/errors';

/**
 * Runs a staff action and returns to `back`: domain refusals (an illegal transition, a double booking, a job
 * that is not dead) come back as a message in the address, success as `done=<done>` (default 1).
 */
export async function withOutcome(back: string, work: () => Promise<unknown>, done = '1'): Promise<never> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError) redirect(`${back}?error=${encodeURIComponent(error.message)}`);
    throw error;
  }
  revalidatePath(back);
  redirect(`${back}?done=${encodeURIComponent(done)}`);
}
