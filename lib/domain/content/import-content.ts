import { db } from '@/lib/db/client';
import { majorToMinor } from '../money';
import { insightBodyFacts } from '../insight-body-facts';
import { insightSearchEngine } from '../search/insight-search-engine';
import type { ContentBundleData } from './content-bundle';
import { invalidateContentSnapshot } from './snapshot';

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
        data: bundle.services.map((s) => ({
          id: s.id,
          name: s.name,
          description: s.description,
          category: s.category,
          sortOrder: s.sortOrder,
          status: s.status,
          publishedAt: s.status === 'published' ? s.createdAt : null,
          createdAt: s.createdAt,
          ctaType: s.ctaType,
          pricingModel: s.pricing.model,
          priceMinor: majorToMinor(s.pricing.amount),
          currency: s.pricing.currency,
          fixedPrice: s.pricing.fixedPrice,
          priceGuarantee: s.pricing.priceGuarantee,
          timelineMinWeeks: s.timeline.minWeeks,
          timelineMaxWeeks: s.timeline.maxWeeks,
          timelineDescription: s.timeline.description,
          deliverables: s.deliverables,
          benefits: s.benefits,
          process: s.process,
          industryExpertise: s.industryExpertise,
          buyerInputs: s.buyerInputs,
          deliversReport: s.deliversReport,
        })),
      });
      await tx.testimonial.createMany({ data: bundle.testimonials });
      await tx.faq.createMany({ data: bundle.faqs });
      await tx.insight.createMany({
        data: bundle.insights.map(({ related, ...i }) => ({
          ...i,
          relatedIds: related,
          publishedAt: i.publishedAt ?? null,
          ...insightBodyFacts(i.content),
        })),
      });
      await tx.principle.createMany({
        data: bundle.principles.map((p) => ({
          id: p.id,
          name: p.name,
          description: p.description,
          whenToUse: p.when_to_use,
          expectedOutcomes: p.expected_outcomes,
          order: p.order,
        })),
      });
      await tx.tool.createMany({
        data: bundle.tools.map((t) => ({
          id: t.id,
          name: t.name,
          description: t.description,
          useCase: t.useCase,
          whenToUse: t.when_to_use,
          order: t.order,
        })),
      });
      await tx.companyProfile.create({
        data: {
          id: 'company',
          name: company.name,
          city: company.headquarters.city,
          state: company.headquarters.state,
          country: company.headquarters.country,
          yearFounded: company.yearFounded,
          yearsOfExperience: company.yearsOfExperience,
          tagline: company.tagline,
          description: company.description,
          coreCompetencies: company.coreCompetencies,
          contactEmail: company.contact.email,
          contactPhone: company.contact.phone,
          website: company.contact.website,
          socialMedia: company.contact.socialMedia,
          clientCount: company.socialProof.clientCount,
          projectsCompleted: company.socialProof.projectsCompleted,
        },
      });
      await tx.leader.createMany({
        data: company.leadership.map((l, order) => ({ id: `leader-${order + 1}`, ...l, order })),
      });
      await tx.credential.createMany({ data: company.credentials.map((c, order) => ({ ...c, order })) });
      // Consultants carry bookings, so they are updated in place; one no longer in the files is deactivated.
      for (const c of bundle.consultants) {
        const data = {
          name: c.name,
          email: c.email,
          title: c.title,
          expertise: c.expertise,
          workdayStart: c.workingHours.start,
          workdayEnd: c.workingHours.end,
          workingDays: c.workingDays,
          holidays: c.holidays,
          active: c.active,
        };
        await tx.consultant.upsert({ where: { id: c.id }, create: { id: c.id, ...data }, update: data });
      }
      await tx.consultant.updateMany({ where: { id: { notIn: bundle.consultants.map((c) => c.id) } }, data: { active: false } });

      await insightSearchEngine.rebuildAll(tx);

      const row = await tx.contentRevision.upsert({
        where: { id: 1 },
        create: { id: 1, revision: 1 },
        update: { revision: { increment: 1 } },
      });
      return row.revision;
    },
    { timeout: 60_000 },
  );
  invalidateContentSnapshot();
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
