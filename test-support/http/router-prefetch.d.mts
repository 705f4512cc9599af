export const ROUTER_PREFETCH_HEADERS: Readonly<Record<string, string>>;
export function routerAddress(baseUrl: string, path: string, headers?: Readonly<Record<string, string>>): Promise<string>;
