import { JsonLd } from '@/components/json-ld';
import { Picture } from '@/components/media/picture';
import { SocialProofBand } from '@/components/social-proof-band';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { getCompanyProfile, leaderPortraits, listCredentials } from '@/lib/domain/business/business';
import { visibleContent } from '@/lib/domain/content-workflow/visible-content';
import { pageMetadata } from '@/lib/seo/metadata';
import { organizationLd } from '@/lib/seo/structured-data';

export const metadata = pageMetadata({
  title: 'About us',
  description: 'Who we are: a Pittsburgh consultancy of Theory of Constraints practitioners, our leadership, competencies and credentials.',
  path: '/about',
});

const KIND_LABEL = { certification: 'Certification', membership: 'Membership', award: 'Award', publication: 'Publication' } as const;

export default async function AboutPage() {
  const [company, { credentials }, { content }, portraits] = await Promise.all([getCompanyProfile(), listCredentials(), visibleContent(), leaderPortraits()]);
  return (
    <>
      <JsonLd data={organizationLd(company)} />
      <PageHeader eyebrow="About" title={`${company.name}: ${company.yearsOfExperience} years of finding constraints`} lead={company.description}>
        <p className="mt-4 text-ink-muted">
          Founded {company.yearFounded} in {company.headquarters.city}, {company.headquarters.state}.
        </p>
      </PageHeader>

      <Section id="leadership" title="Leadership">
        <ul className="grid gap-6 md:grid-cols-2">
          {(company.leadership ?? []).map((leader, index) => {
            const portrait = portraits[index];
            return (
              <Card as="li" key={leader.name}>
                <div className="flex items-center gap-4">
                  {portrait && <Picture image={portrait} rendition="square" sizes="5rem" className="h-20 w-20 shrink-0 rounded-full" />}
                  <div>
                    <h3 className="font-serif text-xl font-semibold">{leader.name}</h3>
                    <p className="text-sm font-medium text-accent">{leader.role}</p>
                  </div>
                </div>
                {leader.bio && <p className="mt-3 text-ink-muted">{leader.bio}</p>}
              </Card>
            );
          })}
        </ul>
      </Section>

      <Section id="competencies" title="What we are good at">
        <ul className="grid gap-3 sm:grid-cols-2">
          {(company.coreCompetencies ?? []).map((competency) => (
            <li key={competency} className="border-l-4 border-accent pl-3">
              {competency}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="credentials" title="Credentials">
        <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
          {credentials.map((credential) => (
            <li key={credential.id} className="p-4">
              <p className="font-semibold">
                {credential.name}{' '}
                <span className="font-normal text-ink-muted">
                  ({KIND_LABEL[credential.kind]}, {credential.year})
                </span>
              </p>
              <p className="text-sm text-ink-muted">{credential.issuer}</p>
              <p className="mt-1">{credential.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      {company.socialProof && <SocialProofBand socialProof={company.socialProof} quotes={content.testimonials.filter((t) => t.rating === 5).slice(2, 4)} />}
    </>
  );
}
