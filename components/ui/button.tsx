import Link from 'next/link';
import type { ComponentProps, ReactNode } from 'react';

type Variant = 'primary' | 'secondary';
type Size = 'sm' | 'md';

const BASE = 'inline-flex items-center justify-center rounded-md font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-accent text-paper hover:bg-accent-strong',
  secondary: 'border border-ink/30 bg-surface text-ink hover:border-ink',
};
const SIZES: Record<Size, string> = { sm: 'px-3 py-2 text-sm', md: 'px-5 py-3 text-base' };

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md'): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

export function Button({ variant, size, className = '', ...props }: ComponentProps<'button'> & { variant?: Variant; size?: Size }) {
  return <button className={`${buttonClasses(variant, size)} ${className}`} {...props} />;
}

export function ButtonLink({ href, variant, size, children }: { href: string; variant?: Variant; size?: Size; children: ReactNode }) {
  return (
    <Link href={href} className={buttonClasses(variant, size)}>
      {children}
    </Link>
  );
}
