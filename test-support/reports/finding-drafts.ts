import type { FindingDraft } from '../../lib/domain/reports';

// Findings a consultant writes for a local bakery's audit, complete and ready to publish.

/** A finished finding of a local audit, its evidence quoted. */
export const unansweredReviews: FindingDraft = {
  id: 'local.reviews-unanswered',
  category: 'reviews',
  severity: 'major',
  title: 'Nine of the last ten reviews have no reply',
  detail: 'Buyers comparing bakeries read the replies as much as the stars.',
  recommendation: 'Reply to every review within two days, starting with the three one-star ones.',
  evidence: '“Stale bread, never again” (1 star, no reply)',
};
/** A finished finding with no evidence given (an empty field, as the form sends it). */
export const missingHours: FindingDraft = {
  id: 'local.hours-missing',
  category: 'listing-completeness',
  severity: 'critical',
  title: 'The listing shows no opening hours',
  detail: 'Searches for "bakery open now" skip a listing without hours.',
  recommendation: 'Add the opening hours, including the early Saturday start.',
  evidence: '',
};
