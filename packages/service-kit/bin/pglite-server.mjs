// The local default database: PGlite (Postgres compiled to WASM) behind the
// Postgres wire protocol, so services use the same driver as in production.
// Its own process: jest's module sandbox cannot load PGlite's WASM, and the
// orchestrator stays responsive. Usage: pglite-server.mjs [dataDir|memory://] [port]
// Prints PGLITE_PORT=<port> when ready; exits when its parent goes away.
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
