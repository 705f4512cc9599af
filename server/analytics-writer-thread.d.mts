/** Starts the analytics writer thread, publishes it to the app, and returns how to stop it (writing what it holds). */
export function startAnalyticsWriterThread(options: { entry: string; log: (line: string) => void }): { stop(): Promise<void> };
