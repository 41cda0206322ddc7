import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface MailboxMessage {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface DevMailbox {
  smtpUrl: string;
  httpUrl: string;
  messages: MailboxMessage[];
  /** Deliveries of a Message-ID already kept (an outbox retry after a crash), not stored again. */
  repeats(): number;
  stop(): Promise<void>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The local default for email: a real SMTP server the services deliver to,
 * keeping every message in a file so it survives restarts, and a page at
 * /dev/mailbox to read them (routed by the gateway outside production).
 * Like a real inbox it keeps one copy per Message-ID: the outbox delivers at
 * least once and a worker killed between sending and recording the send
 * repeats the same Message-ID.
 */
export async function startDevMailbox(options: {
  dataDir: string;
  smtpPort?: number;
  httpPort?: number;
}): Promise<DevMailbox> {
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'mailbox.jsonl');
  const messages: MailboxMessage[] = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as MailboxMessage)
    : [];
  let repeats = 0;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const message: MailboxMessage = {
            id: messages.length + 1,
            receivedAt: new Date().toISOString(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
          };
          if (message.messageId && messages.some((m) => m.messageId === message.messageId)) {
            repeats += 1;
            callback();
            return;
          }
          messages.push(message);
          appendFileSync(file, `${JSON.stringify(message)}\n`);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A sender killed mid-message resets its connection: that is its problem, not a reason to stop the mailbox.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(options.smtpPort ?? 0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const byId = /^\/dev\/mailbox\/(\d+)$/.exec(url.pathname);
    if (url.pathname === '/dev/mailbox.json') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ messages: [...messages].reverse() }));
    } else if (byId) {
      const message = messages.find((m) => m.id === Number(byId[1]));
      if (!message) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 404, code: 'not_found', message: 'No such message' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      // The message body is shown sandboxed: it is content, not part of our page.
      response.end(
        `<!doctype html><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title>` +
          `<p><a href="/dev/mailbox">All messages</a></p><h1>${escapeHtml(message.subject)}</h1>` +
          `<p>To ${escapeHtml(message.to.join(', '))} · ${escapeHtml(message.receivedAt)}</p>` +
          `<iframe sandbox="allow-popups allow-top-navigation-by-user-activation" style="width:100%;height:70vh;border:1px solid #ccc" srcdoc="${escapeHtml(message.html || `<pre>${escapeHtml(message.text)}</pre>`)}"></iframe>`,
      );
    } else if (url.pathname === '/dev/mailbox') {
      const rows = [...messages]
        .reverse()
        .map(
          (m) =>
            `<li><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a> — ${escapeHtml(m.to.join(', '))} · ${escapeHtml(m.receivedAt)}</li>`,
        )
        .join('');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(
        `<!doctype html><meta charset="utf-8"><title>Tracemap dev mailbox</title><h1>Dev mailbox</h1><p>Emails the local Tracemap sent (no real delivery).</p><ul>${rows || '<li>No messages yet.</li>'}</ul>`,
      );
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ statusCode: 404, code: 'not_found', message: 'Not found' }));
    }
  });
  await new Promise<void>((resolve) => web.listen(options.httpPort ?? 0, '127.0.0.1', resolve));
  const httpPort = (web.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    messages,
    repeats: () => repeats,
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}
