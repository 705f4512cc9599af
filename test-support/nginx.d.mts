export const SHIPPED_NGINX_CONFIG: string;
export function findNginx(): string | null;
export function siteConfig(options: {
  cacheDir: string;
  tlsDir: string;
  acmeRoot: string;
  upstreams?: string[];
  ports?: { http: number; https: number };
  tls?: boolean;
  perAddressLimit?: boolean;
}): string;
export function selfSignedCertificate(dir: string): string;
export function testNginxConfig(nginx: string): { ok: boolean; output: string };
export function startNginx(options: {
  nginx: string;
  upstreams: string[];
  perAddressLimit?: boolean;
  tls?: boolean;
}): Promise<{ baseUrl: string; httpUrl: string; certificate: string; acmeRoot: string; errorLog(): string; stop(): Promise<void> }>;
