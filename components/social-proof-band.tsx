import type { CompanyProfileBody } from '@/lib/contract/business';
import type { TestimonialBody } from '@/lib/contract/catalogue';

/** Numbers and two client voices; the figures come from the profile and the published testimonials. */
export function SocialProofBand({ socialProof, quotes }: { socialProof: NonNullable<CompanyProfileBody['socialProof']>; quotes: TestimonialBody[] }) {
  const figures = [
    { value: socialProof.clientCount.toLocaleString('en-US'), label: 'clients served' },
    { value: socialProof.projectsCompleted.toLocaleString('en-US'), label: 'projects completed' },
    { value: `${socialProof.averageClientRating.toFixed(1)} out of 5`, label: `average rating from ${socialProof.testimonialCount} client reviews` },
  ];
  return (
    <section aria-labelledby="proof-heading" className="border-y border-line bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="proof-heading" className="font-serif text-2xl font-semibold sm:text-3xl">
          What clients say
        </h2>
        <dl className="mt-8 grid gap-6 sm:grid-cols-3">
          {figures.map((figure) => (
            <div key={figure.label}>
              <dt className="text-sm text-ink-muted">{figure.label}</dt>
              <dd className="font-serif text-3xl font-semibold">{figure.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {quotes.map((quote) => (
            <figure key={quote.id} className="border-l-4 border-accent pl-4">
              <blockquote className="text-lg">“{quote.content}”</blockquote>
              <figcaption className="mt-3 text-sm text-ink-muted">
                {quote.clientName}
                {quote.clientRole ? `, ${quote.clientRole}` : ''}
                {quote.clientCompany ? `, ${quote.clientCompany}` : ''}
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
