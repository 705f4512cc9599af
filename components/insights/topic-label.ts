/** Names that are not just the slug with spaces: method names the field writes with hyphens. */
const SPECIAL_LABELS: Record<string, string> = {
  'drum-buffer-rope': 'Drum-Buffer-Rope',
};

/** A topic slug from the content ("buffer-management") as readers see it ("Buffer management"). */
export function topicLabel(slug: string): string {
  const special = SPECIAL_LABELS[slug];
  if (special) return special;
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
