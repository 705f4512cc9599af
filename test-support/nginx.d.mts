export const SHIPPED_NGINX_CONFIG: string;
export function findNginx(): string | null;
export function siteConfig(options: { cacheDir: string; upstreams?: string[]; listen?: string; perAddressLimit?: boolean }): string;
export function testNginxConfig(nginx: string): { ok: boolean; output: string };
export function startNginx(options: {
  nginx: string;
  upstreams: string[];
  perAddressLimit?: boolean;
}): Promise<{ baseUrl: string; errorLog(): string; stop(): Promise<void> }>;
