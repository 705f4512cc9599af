// Empty on purpose. Without a file of its own, the build of this peer picks up the checkout's instrumentation.ts (the
// project's tracing and instance watch), and the peer would no longer be a bare Next app.
export function register() {}
