// Rendered for the request: drafts, staff and unknown ids (404); visitors' reads of a published insight are
// answered from its cached copy (cached/[stamp]/insights/[id]).
export const dynamic = 'force-dynamic';
export { default, generateMetadata } from './insight-page';
