import type { ContentBundleData } from '../content/content-bundle';
import { mediaIdsInMarkdown } from './media-references';

/** Every library image the content files name: insight heroes and bodies, service images and leaders' portraits. */
export function contentPictureIds(bundle: ContentBundleData): string[] {
  return [
    ...bundle.insights.flatMap((insight) => [...(insight.image ? [insight.image.mediaId] : []), ...mediaIdsInMarkdown(insight.content)]),
    ...bundle.services.flatMap((service) => (service.imageId ? [service.imageId] : [])),
    ...bundle.company.leadership.flatMap((leader) => (leader.portraitId ? [leader.portraitId] : [])),
  ];
}
