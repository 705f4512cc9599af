import type { PublishedImage } from '@/lib/domain/media/published-image';
import type { PictureOptions } from '@/lib/site/picture-markup';
import { PICTURE_FRAME_CLASS, PICTURE_IMAGE_CLASS, PICTURE_PLACEHOLDER_CLASS, pictureParts } from '@/lib/site/picture-markup';

/**
 * A library image: AVIF and WebP sources with a JPEG fallback, each in every width made, `sizes` for the browser to
 * choose, explicit width and height so the page never shifts, lazy loading unless it is the page's LCP image, and the
 * image's colour and blurred preview behind it while it loads (an inline SVG: the CSP allows no style attributes).
 */
export function Picture({ image, className, ...options }: { image: PublishedImage; className?: string } & PictureOptions) {
  const parts = pictureParts(image, options);
  return (
    <span className={`${PICTURE_FRAME_CLASS} ${className ?? ''}`}>
      <svg aria-hidden="true" focusable="false" className={PICTURE_PLACEHOLDER_CLASS} viewBox={`0 0 ${parts.width} ${parts.height}`} preserveAspectRatio="none">
        <rect width="100%" height="100%" fill={parts.dominantColor} />
        {parts.placeholder && <image href={parts.placeholder} width={parts.width} height={parts.height} preserveAspectRatio="none" />}
      </svg>
      <picture>
        {parts.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={parts.sizes} />
        ))}
        {/* Not next/image: the media library made its own sizes and formats already. */}
        <img
          src={parts.src}
          srcSet={parts.srcSet}
          sizes={parts.sizes}
          width={parts.width}
          height={parts.height}
          alt={parts.alt}
          loading={parts.priority ? 'eager' : 'lazy'}
          decoding={parts.priority ? undefined : 'async'}
          fetchPriority={parts.priority ? 'high' : undefined}
          className={PICTURE_IMAGE_CLASS}
        />
      </picture>
    </span>
  );
}
