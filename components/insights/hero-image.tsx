import { Picture } from '@/components/media/picture';
import type { HeroPlacement } from '@/lib/domain/content/published-content';
import { ARTICLE_IMAGE_SIZES } from '@/lib/markdown';

/** An insight's hero picture with its caption and credit: the page's largest element, so it loads first. */
export function HeroImage({ hero }: { hero: HeroPlacement }) {
  return (
    <figure className="mb-10">
      <Picture image={hero.image} sizes={ARTICLE_IMAGE_SIZES} priority className="rounded-lg border border-line" />
      {(hero.caption || hero.credit) && (
        <figcaption className="mt-3 text-sm text-ink-muted">
          {hero.caption}
          {hero.caption && hero.credit && ' '}
          {hero.credit && <span className="italic">{hero.credit}</span>}
        </figcaption>
      )}
    </figure>
  );
}
