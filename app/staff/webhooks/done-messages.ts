/** What each button did, by the `done` value it comes back with. */
export const DONE_MESSAGES: Record<string, string> = {
  paused: 'Paused: nothing is sent to it until you resume it.',
  resumed: 'Resumed: new events go to it again.',
  replayed: 'The missed events are on their way, oldest first.',
  dismissed: 'The missed events will not be sent.',
  'test-sent': 'A test event is on its way; its delivery shows below.',
  resent: 'Sent again; the new delivery shows below.',
  deleted: 'The endpoint and its delivery log were deleted.',
};
