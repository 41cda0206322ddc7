import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export interface DatabaseProxy {
  /** The database URL with its address replaced by the proxy's. */
  url: string;
  /** Drops every open connection and refuses new ones, as a stopped server does. */
  down(): Promise<void>;
  /** Accepts connections again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of the test database, so a test can take the database away from the
 * service (and bring it back) the way a PostgreSQL restart looks from the client.
 */
export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(server).pipe(client);
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  };
  let listener: Server = createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => resolve((listener.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      listener.close(() => resolve());
    });
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    down: stop,
    async up() {
      listener = createServer(relay);
      await listen(port);
    },
    close: () => (listener.listening ? stop() : Promise.resolve()),
  };
}
