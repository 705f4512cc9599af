import type { ReactNode } from 'react';

export function Card({ children, as: Tag = 'div' }: { children: ReactNode; as?: 'div' | 'li' | 'article' }) {
  return <Tag className="flex flex-col rounded-lg border border-line bg-surface p-6">{children}</Tag>;
}
