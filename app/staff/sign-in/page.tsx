import { redirect } from 'next/navigation';
import { currentStaff } from '@/lib/staff-web/current-staff';
import { safeNextPath } from '@/lib/staff-web/safe-next-path';
import { signInAction } from './actions';
import { SignInForm } from './sign-in-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNextPath((await searchParams).next);
  if (await currentStaff()) redirect(next);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="font-serif text-3xl font-semibold">Staff sign-in</h1>
      <p className="mt-2 text-ink-muted">For Throughline Partners marketing and sales staff.</p>
      <SignInForm action={signInAction} next={next} />
    </div>
  );
}
