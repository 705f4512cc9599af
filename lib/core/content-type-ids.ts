/** The kinds of content staff edit. A plain list, below the domain, so the job table can name them in payloads. */
export const CONTENT_TYPE_IDS = ['insight', 'service', 'testimonial', 'faq', 'principle', 'tool', 'company', 'consultant'] as const;
export type ContentTypeId = (typeof CONTENT_TYPE_IDS)[number];
