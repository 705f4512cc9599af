import { readFileSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

const TLS_DIR = path.join(import.meta.dirname, './fixtures/tls');

/** The test certificate: valid for ledgerline-bookkeeping.test and 127.0.0.1, self-signed, trusted only by tests. */
export const FIXTURE_TLS = {
  hostname: 'ledgerline-bookkeeping.test',
  cert: readFileSync(path.join(TLS_DIR, 'fixture-cert.pem'), 'utf8'),
  key: readFileSync(path.join(TLS_DIR, 'fixture-key.pem'), 'utf8'),
};

export interface LocalServer {
  port: number;
  /** http://127.0.0.1:<port> (https:// with `tls`). */
  origin: string;
  /** `127.0.0.1:<port>`, the allow-list entry for this server. */
  hostPort: string;
  /** TCP connections accepted so far: proves a refused fetch never reached the server. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A real HTTP(S) server on 127.0.0.1 and a port the OS picks (listening on port 0 cannot race another
 * process for it). `close()` drops open connections too, so a trickling response cannot keep it alive.
 */
export async function startLocalServer(handler: RequestListener, options: { tls?: boolean } = {}): Promise<LocalServer> {
  const server: Server = options.tls ? createTlsServer({ key: FIXTURE_TLS.key, cert: FIXTURE_TLS.cert }, handler) : createServer(handler);
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
