import { once } from 'node:events';
import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now, for a server a test starts. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}
