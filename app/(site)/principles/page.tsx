// Rendered for the request: draft mode and staff, whom proxy.ts never sends to the cached copy (cached/[stamp]).
export const dynamic = 'force-dynamic';
export { default, metadata } from './principles-page';
