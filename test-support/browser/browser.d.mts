export const OMNIBOX_WEBUI_FEATURES: string[];
export const CHROMIUM_ARGS: string[];
export function findBrowser(): string | null;
