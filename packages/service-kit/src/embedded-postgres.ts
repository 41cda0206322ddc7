import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder where data is kept between runs; in memory when omitted. */
  dataDir?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  maxConnections?: number;
}

/**
 * The local default database: PGlite (Postgres compiled to WASM) served over
 * the Postgres wire protocol, so services use the same `pg` driver as in
 * production and only the URL differs.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const db = await PGlite.create(options.dataDir ?? 'memory://');
  const host = options.host ?? '127.0.0.1';
  const server = new PGLiteSocketServer({
    db,
    host,
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 100,
  });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  return {
    url: `postgres://postgres:postgres@${host}:${port}/postgres`,
    port,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
