import { ImageResponse } from 'next/og';
import type { PublishedImage } from '@/lib/domain/media/published-image';
import { croppedPicture } from '@/lib/domain/media/cropped-picture';

/** Open Graph's recommended size: what LinkedIn, Slack and X show large. */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 };
export const SOCIAL_CARD_TYPE = 'image/png';

/** The picture takes the card's right part, cropped around its focal point. */
const PICTURE_WIDTH = 460;

const INK = '#14213d';
const PAPER = '#fbfaf7';
const ACCENT = '#fdba74';
const MUTED = '#b6c0cf';

export interface SocialCard {
  /** Above the title: what the page is (Insight, Service, the firm's tagline …). */
  eyebrow: string;
  title: string;
  /** Under the title: an insight's author and reading time, a service's price. */
  facts?: string[];
  picture?: PublishedImage | null;
}

/** Long titles get smaller type, so every title fits in four lines. */
function titleSize(title: string, narrow: boolean): number {
  const room = narrow ? 0.7 : 1;
  if (title.length > 90 * room) return 44;
  if (title.length > 60 * room) return 52;
  return 64;
}

/**
 * A page's social card (og:image and twitter:image), drawn by Next's ImageResponse with the font it ships (no
 * download): the firm's name and mark in its colours, the page's title and facts, and the page's picture when it has
 * one. The card routes that call it live in the cached pages' edition tree, so a new title gives a new card address.
 */
export async function socialCard({ eyebrow, title, facts = [], picture }: SocialCard): Promise<ImageResponse> {
  const pictureUrl = picture ? await croppedPicture(picture, PICTURE_WIDTH, SOCIAL_CARD_SIZE.height) : null;
  return new ImageResponse(
    <div style={{ display: 'flex', width: '100%', height: '100%', background: INK, color: PAPER }}>
      <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', flex: 1, minWidth: 0, padding: '64px 72px' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <svg width="56" height="56" viewBox="0 0 32 32">
            <rect width="32" height="32" rx="6" fill={PAPER} />
            <path d="M6 22h6l4-12 4 12h6" fill="none" stroke={INK} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <div style={{ fontSize: 30, letterSpacing: 1 }}>Throughline Partners</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ fontSize: 28, color: ACCENT, textTransform: 'uppercase', letterSpacing: 3 }}>{eyebrow}</div>
          <div style={{ marginTop: 18, fontSize: titleSize(title, Boolean(pictureUrl)), lineHeight: 1.15 }}>{title}</div>
          {facts.length > 0 && <div style={{ marginTop: 28, fontSize: 28, color: MUTED }}>{facts.join('  ·  ')}</div>}
        </div>
        <div style={{ display: 'flex', height: 8, width: 160, background: ACCENT, borderRadius: 4 }} />
      </div>
      {pictureUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- ImageResponse draws plain elements; next/image does not apply
        <img src={pictureUrl} width={PICTURE_WIDTH} height={SOCIAL_CARD_SIZE.height} alt="" style={{ flexShrink: 0 }} />
      )}
    </div>,
    { ...SOCIAL_CARD_SIZE },
  );
}
