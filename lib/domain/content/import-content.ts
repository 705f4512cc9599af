import { db } from '@/lib/db/client';
import { recordImportedVersions } from '../content-workflow/import-versions';
import { insightSearchEngine } from '../search/insight-search-engine';
import type { ContentBundleData } from './content-bundle';
import { COMPANY_ROW_ID, companyRowsData } from './rows/company-rows';
import { consultantRowData } from './rows/consultant-rows';
import { faqRowData } from './rows/faq-rows';
import { insightRowData } from './rows/insight-rows';
import { principleRowData, toolRowData } from './rows/knowledge-rows';
import { serviceRowData } from './rows/service-rows';
import { testimonialRowData } from './rows/testimonial-rows';
import { bumpContentRevision } from './content-revision';
import { revalidateContent } from '@/lib/domain/content/revalidate-content';

export interface ImportSummary {
  services: number;
  testimonials: number;
  faqs: number;
  insights: number;
  principles: number;
  tools: number;
  credentials: number;
  consultants: number;
  revision: number;
}

/**
 * Replaces all content with the bundle in one transaction: the tables, the search index and the
 * content revision move together, so no instance ever sees half an import.
 */
export async function importContentBundle(bundle: ContentBundleData): Promise<ImportSummary> {
  const { company } = bundle;
  const revision = await db.$transaction(
    async (tx) => {
      await tx.testimonial.deleteMany();
      await tx.faq.deleteMany();
      await tx.service.deleteMany();
      await tx.insight.deleteMany();
      await tx.principle.deleteMany();
      await tx.tool.deleteMany();
      await tx.leader.deleteMany();
      await tx.credential.deleteMany();
      await tx.companyProfile.deleteMany();

      await tx.service.createMany({
        data: bundle.services.map(({ id, status, createdAt, ...item }) => ({
          id,
          status,
          createdAt,
          publishedAt: status === 'published' ? createdAt : null,
          ...serviceRowData({ id, ...item }),
        })),
      });
      await tx.testimonial.createMany({ data: bundle.testimonials.map((t) => ({ id: t.id, status: t.status, ...testimonialRowData(t) })) });
      await tx.faq.createMany({ data: bundle.faqs.map((f) => ({ id: f.id, status: f.status, ...faqRowData(f) })) });
      await tx.insight.createMany({
        data: bundle.insights.map((i) => ({ id: i.id, status: i.status, publishedAt: i.publishedAt ?? null, ...insightRowData(i) })),
      });
      await tx.principle.createMany({ data: bundle.principles.map((p) => ({ id: p.id, ...principleRowData(p) })) });
      await tx.tool.createMany({ data: bundle.tools.map((t) => ({ id: t.id, ...toolRowData(t) })) });
      const companyRows = companyRowsData(company);
      await tx.companyProfile.create({ data: { id: COMPANY_ROW_ID, ...companyRows.profile } });
      await tx.leader.createMany({ data: companyRows.leaders });
      await tx.credential.createMany({ data: companyRows.credentials });
      // Consultants carry bookings, so they are updated in place; one no longer in the files is deactivated.
      for (const consultant of bundle.consultants) {
        const data = consultantRowData(consultant);
        await tx.consultant.upsert({ where: { id: consultant.id }, create: { id: consultant.id, ...data }, update: data });
      }
      await tx.consultant.updateMany({ where: { id: { notIn: bundle.consultants.map((c) => c.id) } }, data: { active: false } });

      await insightSearchEngine.rebuildAll(tx);
      await recordImportedVersions(tx, new Date());

      return bumpContentRevision(tx);
    },
    { timeout: 60_000 },
  );
  await revalidateContent();
  return {
    services: bundle.services.length,
    testimonials: bundle.testimonials.length,
    faqs: bundle.faqs.length,
    insights: bundle.insights.length,
    principles: bundle.principles.length,
    tools: bundle.tools.length,
    credentials: company.credentials.length,
    consultants: bundle.consultants.length,
    revision,
  };
}

/** True once content has been imported at least once (start-up seeds only an empty database). */
export async function hasContent(): Promise<boolean> {
  return (await db.contentRevision.count()) > 0;
}
