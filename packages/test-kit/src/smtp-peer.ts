import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface SmtpPeer {
  /** smtp://127.0.0.1:<port>, ready for nodemailer. */
  url: string;
  port: number;
  /** Every message received so far, parsed, in arrival order. */
  messages: ParsedMail[];
  /** Resolves with the first received message (past or future) matching the predicate. */
  waitForMessage(predicate?: (message: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
}

export interface SmtpPeerOptions {
  /** 0 (default) picks a free port; pass a port to bring a stopped peer back at the same address. */
  port?: number;
}

/**
 * A real SMTP server on loopback for tests: no TLS, no authentication
 * required, each message parsed with mailparser so tests can read subject,
 * text, html and headers of what was actually delivered.
 */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const messages: ParsedMail[] = [];
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          arrivals.emit('message', parsed);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessage(predicate = () => true, timeoutMs = 10000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const onMessage = (message: ParsedMail) => {
          if (!predicate(message)) return;
          clearTimeout(timer);
          arrivals.off('message', onMessage);
          resolve(message);
        };
        const timer = setTimeout(() => {
          arrivals.off('message', onMessage);
          reject(new Error(`No matching email arrived within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        arrivals.on('message', onMessage);
      });
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
