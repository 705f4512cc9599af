export const STRICT_TRANSPORT_SECURITY: string;
export const PERMISSIONS_POLICY: string;
export const DEFAULT_REFERRER_POLICY: string;
export const CAPABILITY_PAGE_REFERRER_POLICY: string;
export const NON_DOCUMENT_POLICY: string;
export const DATA_PATH_SOURCES: readonly string[];
export function securityHeaderRules(): { source: string; headers: { key: string; value: string }[] }[];
export function strictTransportSecurityFor(siteUrl: string | undefined): string | null;
export function isDataPath(pathname: string): boolean;
