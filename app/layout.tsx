import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';
import { config } from '@/lib/config';

export const metadata: Metadata = {
  metadataBase: new URL(config().SITE_URL),
  title: { default: 'Throughline Partners: Theory of Constraints consulting', template: '%s | Throughline Partners' },
  description:
    'Throughline Partners finds the one constraint that limits your throughput and helps you exploit it: constraint analysis, offer analysis and implementation support.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans antialiased">{children}</body>
    </html>
  );
}
