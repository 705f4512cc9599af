/** What the editor says after each action, carried in `?done=` by its redirect. */
export const DONE_MESSAGES: Record<string, string> = {
  saved: 'Draft saved. Visitors still see the live version.',
  'calendar-connected': 'Calendar connected. Its first sync is under way.',
  'calendar-choices': 'Calendar choices saved; busy times follow at the next sync.',
  'calendar-sync': 'Sync queued: it runs within moments.',
  'calendar-disconnected': 'Calendar disconnected: its busy times no longer count.',
  'calendar-subscription-revoked': 'Subscription address revoked: it no longer works.',
  published: 'Published: visitors see this now.',
  discarded: 'Draft discarded. The live version is unchanged.',
  scheduled: 'Scheduled: the draft goes live at the time shown.',
  'schedule-cancelled': 'Schedule cancelled. The draft stays.',
  unpublished: 'Taken offline: visitors no longer see it.',
  restored: 'Version loaded as the draft. Nothing is published until you publish it.',
  'link-revoked': 'Preview link revoked: it no longer opens the draft.',
};
