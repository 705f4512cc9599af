export const CHROMIUM_ARGS: string[];
export function findBrowser(): string | null;
