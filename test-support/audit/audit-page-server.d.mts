export interface AuditPageServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** `127.0.0.1:<port>`: the AUDIT_ALLOWED_HOSTS entry for it. */
  hostPort: string;
  requests(): number;
  close(): Promise<void>;
}

export function serveAuditPage(options?: { port?: number | string; host?: string }): Promise<AuditPageServer>;
