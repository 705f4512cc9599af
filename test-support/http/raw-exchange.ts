import net from 'node:net';
import { baseUrl } from './contract';

/**
 * A raw HTTP/1.1 exchange with the test server: `bytes` written straight to its socket (then half-closed), and all
 * it answers before closing. The test sees exactly what the web server writes, which fetch would refuse to send,
 * follow or hide.
 */
export function rawExchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
