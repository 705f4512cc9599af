import type { InsightBody } from '@/lib/contract/insights';
import { Section } from '@/components/ui/section';
import { InsightCard } from './insight-card';
import { InsightGrid } from './insight-grid';

/** The published insights an article points to, by title and summary. */
export function RelatedInsights({ insights }: { insights: InsightBody[] }) {
  if (insights.length === 0) return null;
  return (
    <Section id="related" title="Related insights">
      <InsightGrid>
        {insights.map((insight) => (
          <InsightCard key={insight.id} insight={insight} showTopics={false} />
        ))}
      </InsightGrid>
    </Section>
  );
}
