import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { SkipLink } from '@/components/skip-link';
import { PreviewBanner } from '@/components/preview-banner';
import { PageBeacon } from '@/components/page-beacon';
import { config } from '@/lib/config';
import { currentPreview } from '@/lib/site/preview-mode';

/** Every visitor page: skip link, header, one <main>, footer. */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  const preview = await currentPreview();
  return (
    <>
      <SkipLink />
      {preview && <PreviewBanner sharedBy={preview.link?.createdByName} expiresAt={preview.link?.expiresAt} zone={config().FIRM_TIME_ZONE} />}
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      {!preview && <PageBeacon />}
    </>
  );
}
