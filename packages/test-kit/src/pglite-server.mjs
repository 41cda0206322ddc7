// Runs an in-memory PGlite behind the Postgres wire protocol in its own
// process (jest's module sandbox cannot load PGlite's WASM), prints the port,
// and exits when its parent goes away.
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const db = await PGlite.create(process.argv[2] || 'memory://');
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: Number(process.argv[3] || 0), maxConnections: 100 });
await server.start();
process.stdout.write(`PGLITE_PORT=${server.getServerConn().split(':').pop()}\n`);
const stop = async () => {
  await server.stop().catch(() => undefined);
  await db.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
