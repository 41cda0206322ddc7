// The local default database: PGlite (Postgres compiled to WASM) behind the
// Postgres wire protocol, so services use the same driver as in production.
// Its own process: jest's module sandbox cannot load PGlite's WASM, and the
// orchestrator stays responsive. Usage: pglite-server.mjs [dataDir|memory://] [port]
// Prints PGLITE_PORT=<port> when ready; exits when its parent goes away.
//
// PGlite is one backend. Many client connections share it, so each
// connection gets the backend to itself from its first message until the
// backend is idle again (ReadyForQuery with status 'I'): extended-protocol
// sequences (Parse/Bind/Execute/Sync) and whole transactions are never
// interleaved with another connection's messages. (The stock socket server
// queues message by message, which mixes unnamed prepared statements.)
//
// LISTEN/NOTIFY: the one backend puts a notification in the output of
// whichever connection happens to run when it is delivered, so the server
// takes NotificationResponse messages out of that output and hands each to
// the connections that asked to LISTEN on its channel.
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const GSSENC_REQUEST = 80877104;

class Mutex {
  #locked = false;
  #waiters = [];
  async acquire() {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise((resolve) => this.#waiters.push(resolve));
  }
  release() {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}

/** Transaction status of the last ReadyForQuery in a block of complete backend messages. */
function lastReadyStatus(output) {
  let status = null;
  let position = 0;
  while (position + 5 <= output.length) {
    const type = output[position];
    const length = output.readInt32BE(position + 1);
    if (type === 0x5a /* Z */ && position + 5 < output.length) status = String.fromCharCode(output[position + 5]);
    position += 1 + length;
  }
  return status;
}

// pg_trgm: the plan's substring search uses trigram indexes, as on PostgreSQL.
const db = await PGlite.create(process.argv[2] || 'memory://', { extensions: { pg_trgm } });
const backend = new Mutex();

/** Channel name -> sockets listening on it. */
const listeners = new Map();
const LISTEN = /^\s*(UN)?LISTEN\s+(\*|"[^"]+"|[A-Za-z_][A-Za-z0-9_$]*)\s*;?\s*$/i;

/** Notes LISTEN / UNLISTEN sent as a simple query ('Q': text) or a parse ('P': name, text). */
function trackListen(message, socket) {
  const type = message[0];
  if (type !== 0x51 /* Q */ && type !== 0x50 /* P */) return;
  let start = 5;
  if (type === 0x50) start = message.indexOf(0, 5) + 1;
  const end = message.indexOf(0, start);
  if (start <= 0 || end < 0 || end - start > 200) return;
  const match = LISTEN.exec(message.toString('utf8', start, end));
  if (!match) return;
  const channel = match[2].startsWith('"') ? match[2].slice(1, -1) : match[2].toLowerCase();
  if (match[1]) {
    for (const [name, sockets] of listeners) if (channel === '*' || name === channel) sockets.delete(socket);
    return;
  }
  if (!listeners.has(channel)) listeners.set(channel, new Set());
  listeners.get(channel).add(socket);
}

function forgetListener(socket) {
  for (const sockets of listeners.values()) sockets.delete(socket);
}

/** Hands a NotificationResponse (int32 pid, channel, payload) to the connections listening on its channel. */
function deliverNotification(message) {
  const end = message.indexOf(0, 9);
  if (end < 0) return;
  for (const target of listeners.get(message.toString('utf8', 9, end)) ?? []) {
    if (target.writable) target.write(message);
  }
}

async function run(message, socket) {
  const forwarded = [];
  let carry = Buffer.alloc(0);
  const forward = (chunk) => {
    forwarded.push(chunk);
    if (socket.writable) socket.write(chunk);
  };
  await db.runExclusive(() =>
    db.execProtocolRawStream(message, {
      onRawData: (data) => {
        // Split into whole messages: notifications go to their listeners, the rest to this connection.
        let output = carry.length > 0 ? Buffer.concat([carry, Buffer.from(data)]) : Buffer.from(data);
        let position = 0;
        let kept = 0;
        while (position + 5 <= output.length) {
          const length = 1 + output.readInt32BE(position + 1);
          if (position + length > output.length) break;
          if (output[position] === 0x41 /* A */) {
            if (position > kept) forward(output.subarray(kept, position));
            deliverNotification(Buffer.from(output.subarray(position, position + length)));
            kept = position + length;
          }
          position += length;
        }
        if (position > kept) forward(output.subarray(kept, position));
        carry = Buffer.from(output.subarray(position));
        output = null;
      },
    }),
  );
  if (carry.length > 0) forward(carry);
  return lastReadyStatus(Buffer.concat(forwarded));
}

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  let pending = Buffer.alloc(0);
  let started = false;
  let holding = false;
  let closed = false;
  let work = Promise.resolve();

  const releaseBackend = async () => {
    if (!holding) return;
    if (db.isInTransaction()) await db.exec('ROLLBACK').catch(() => undefined);
    holding = false;
    backend.release();
  };

  const nextMessage = () => {
    if (!started) {
      if (pending.length < 8) return null;
      const length = pending.readInt32BE(0);
      const code = pending.readInt32BE(4);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        pending = pending.subarray(8);
        return { refuseEncryption: true };
      }
      if (code === CANCEL_REQUEST) {
        pending = pending.subarray(length);
        return { ignore: true };
      }
      if (pending.length < length) return null;
      const message = pending.subarray(0, length);
      pending = pending.subarray(length);
      started = true;
      return { message };
    }
    if (pending.length < 5) return null;
    const length = 1 + pending.readInt32BE(1);
    if (pending.length < length) return null;
    const message = pending.subarray(0, length);
    pending = pending.subarray(length);
    return { message, terminate: message[0] === 0x58 /* X */ };
  };

  const drain = async () => {
    for (let next = nextMessage(); next && !closed; next = nextMessage()) {
      if (next.refuseEncryption) {
        socket.write('N');
        continue;
      }
      if (next.ignore) continue;
      if (next.terminate) {
        await releaseBackend();
        socket.end();
        return;
      }
      if (!holding) {
        await backend.acquire();
        holding = true;
      }
      trackListen(next.message, socket);
      try {
        const status = await run(next.message, socket);
        if (status === 'I') {
          holding = false;
          backend.release();
        }
      } catch (error) {
        process.stderr.write(`pglite-server: ${error?.message ?? error}\n`);
        await releaseBackend();
        socket.destroy();
        return;
      }
    }
  };

  socket.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    work = work.then(drain);
  });
  const onGone = () => {
    if (closed) return;
    closed = true;
    forgetListener(socket);
    work = work.then(releaseBackend);
  };
  socket.on('close', onGone);
  socket.on('error', onGone);
});

await new Promise((resolve) => server.listen(Number(process.argv[3] || 0), '127.0.0.1', resolve));
process.stdout.write(`PGLITE_PORT=${server.address().port}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  server.close();
  // Let a running statement finish, but never wait on an abandoned transaction.
  await Promise.race([backend.acquire(), new Promise((resolve) => setTimeout(resolve, 3000))]);
  await db.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
