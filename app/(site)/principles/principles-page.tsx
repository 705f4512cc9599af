import { PrincipleEntry, PrincipleGroup } from '@/components/principles/principle-entry';
import { PrinciplesContents } from '@/components/principles/principles-contents';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { getTocPrinciples } from '@/lib/domain/knowledge/knowledge';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata = pageMetadata({
  title: 'Theory of Constraints principles and tools',
  description:
    'The Theory of Constraints methods we work with, from the Five Focusing Steps and Drum-Buffer-Rope to the thinking-process trees: what each is, when to use it and what to expect.',
  path: '/principles',
});

export default async function PrinciplesPage() {
  const { principles, tools } = await getTocPrinciples();
  // The contents and the page list the same groups in the same order.
  const groups = [
    {
      id: 'principles',
      title: 'Principles',
      intro: 'The management methods at the core of the Theory of Constraints, each with when it applies and the results it usually brings.',
      entries: principles.map((principle) => ({
        ...principle,
        facts: { 'When to use': principle.when_to_use, 'Expected outcomes': principle.expected_outcomes },
      })),
    },
    {
      id: 'tools',
      title: 'Thinking tools',
      intro: 'The logic trees and charts we use to find core problems, resolve conflicts and plan change, each with an example from our work.',
      entries: tools.map((tool) => ({ ...tool, facts: { 'When to use': tool.when_to_use, 'Use case': tool.useCase } })),
    },
  ];
  return (
    <>
      <PageHeader
        eyebrow="Principles"
        title="The Theory of Constraints, in principles and tools"
        lead="Every system has one constraint that sets its pace. These are the methods we use to find it, get the most from it, and keep improving once it moves."
      />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start">
        <PrinciplesContents groups={groups} />
        <div className="space-y-16">
          {groups.map((group) => (
            <PrincipleGroup key={group.id} id={group.id} title={group.title} intro={group.intro}>
              {group.entries.map((entry) => (
                <PrincipleEntry key={entry.id} id={entry.id} name={entry.name} description={entry.description} facts={entry.facts} />
              ))}
            </PrincipleGroup>
          ))}
          <aside aria-label="Work with us" className="rounded-lg border border-line bg-surface p-6 sm:p-8">
            <p className="font-serif text-2xl font-semibold">Not sure which applies to you?</p>
            <p className="mt-2 text-ink-muted">
              Describe the symptoms and we will tell you where we would look first. Or see these methods at work in our insights.
            </p>
            <div className="mt-5 flex flex-wrap gap-3">
              <ButtonLink href="/contact">Talk to a consultant</ButtonLink>
              <ButtonLink href="/insights" variant="secondary">
                Read the insights
              </ButtonLink>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}
