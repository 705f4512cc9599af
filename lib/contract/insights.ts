import { z } from 'zod';
import 'zod-openapi';
import { Limit, Offset, PaginationQuery, Slug, IsoDate } from './common';
import { ContentImage } from './media';

const insightFields = {
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  topics: z.array(z.string()).nullish(),
  author: z.string().nullish(),
  publishedAt: IsoDate.nullish(),
  readTime: z.int().nullish().meta({ description: 'Estimated reading time in minutes.' }),
  featured: z.boolean().nullish().default(false),
};

export const Insight = z.object(insightFields).meta({ id: 'Insight', title: 'Insight' });

export const InsightDetail = z
  .object({
    ...insightFields,
    image: ContentImage.optional().meta({ description: 'The picture shown above the article, when it has one.' }),
    content: z.string().nullish().meta({
      description: 'The article in Markdown. Pictures in it use standard image syntax with absolute URLs: `![what it shows](https://…/media/…/1280.jpg)`.',
    }),
    relatedInsights: z.array(z.string()).nullish().meta({ description: 'Ids of related published insights.' }),
    keywords: z.array(z.string()).nullish(),
  })
  .meta({ id: 'InsightDetail', title: 'InsightDetail' });

export const InsightsResponse = z
  .object({ insights: z.array(Insight), total: z.int(), limit: z.int(), offset: z.int() })
  .meta({ id: 'InsightsResponse', title: 'InsightsResponse' });

export const InsightSearchResponse = z
  .object({
    results: z.array(Insight).meta({ description: 'Matches, best first.' }),
    total: z.int().meta({ description: 'All matches, not only this page.' }),
    query: z.string(),
  })
  .meta({ id: 'InsightSearchResponse', title: 'InsightSearchResponse' });

export const TOCPrinciple = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    when_to_use: z.string().nullish(),
    expected_outcomes: z.string().nullish(),
  })
  .meta({ id: 'TOCPrinciple', title: 'TOCPrinciple' });

export const TOCTool = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    useCase: z.string().nullish(),
    when_to_use: z.string().nullish(),
  })
  .meta({ id: 'TOCTool', title: 'TOCTool' });

export const TOCPrinciples = z.object({ principles: z.array(TOCPrinciple), tools: z.array(TOCTool) }).meta({ id: 'TOCPrinciples', title: 'TOCPrinciples' });

export const ListInsightsQuery = PaginationQuery.extend({
  featured: z.boolean().optional().meta({ description: 'true: only featured insights; false: only the others.' }),
});

export const SearchInsightsQuery = z.object({
  q: z.string().min(1).meta({ description: 'Search text: words, "quoted phrases" and -exclusions, as the operation describes.' }),
  topics: z.array(z.string()).optional().meta({ description: 'Only insights with at least one of these topics. Repeat the parameter for several.' }),
  limit: Limit,
  offset: Offset,
});

export const InsightIdPath = z.object({ insightId: Slug.meta({ description: 'Insight id (a readable slug).' }) });

export type InsightBody = z.input<typeof Insight>;
export type InsightDetailBody = z.input<typeof InsightDetail>;
export type TOCPrinciplesBody = z.input<typeof TOCPrinciples>;
