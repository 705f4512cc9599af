import type { FaqBody } from '@/lib/contract/catalogue';
import { FAQ_CATEGORIES } from '@/lib/contract/catalogue';

const GROUP_TITLES: Record<string, string> = {
  pricing: 'Pricing',
  timeline: 'Timeline',
  process: 'Process',
  deliverables: 'Deliverables',
  general: 'General',
};

/** FAQs in contract category order; uncategorised ones go under General. */
function groupFaqs(faqs: FaqBody[]): { category: string; faqs: FaqBody[] }[] {
  const groups = new Map<string, FaqBody[]>();
  for (const faq of faqs) {
    const category = faq.category && faq.category in GROUP_TITLES ? faq.category : 'general';
    groups.set(category, [...(groups.get(category) ?? []), faq]);
  }
  return FAQ_CATEGORIES.filter((category) => groups.has(category)).map((category) => ({ category, faqs: groups.get(category)! }));
}

/** Questions grouped by topic, each a native disclosure: keyboard and screen-reader friendly without script. */
export function FaqGroups({ faqs }: { faqs: FaqBody[] }) {
  return (
    <div className="space-y-10">
      {groupFaqs(faqs).map(({ category, faqs: inGroup }) => (
        <section key={category} aria-labelledby={`faq-${category}-heading`}>
          <h3 id={`faq-${category}-heading`} className="text-lg font-semibold">
            {GROUP_TITLES[category]}
          </h3>
          <div className="mt-3 divide-y divide-line rounded-lg border border-line bg-surface">
            {inGroup.map((faq) => (
              <details key={faq.id} className="group p-4">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
                  <span>{faq.question}</span>
                  <span aria-hidden="true" className="text-xl leading-none text-accent transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-3 max-w-3xl">{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
