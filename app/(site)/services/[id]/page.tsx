// Rendered for the request: drafts, staff, unknown ids (404) and the buy form's posts; visitors' reads of a
// published service are answered from its cached copy (cached/[stamp]/services/[id]).
export const dynamic = 'force-dynamic';
export { default, generateMetadata } from './service-page';
