import { Writable } from 'node:stream';
import { StatelessConfigSchema, createService, loadConfig, redactUrl, serviceLoggerOptions } from '../src';

test('secret query parameters are redacted whatever their case or encoding; everything else is kept', () => {
  expect(redactUrl('/map-preview/m1?token=abc123&layout=LR')).toBe('/map-preview/m1?token=[redacted]&layout=LR');
  expect(redactUrl('/auth/v1/verify?type=signup&Token_Hash=x&redirect_to=%2Fcompany')).toBe(
    '/auth/v1/verify?type=signup&Token_Hash=[redacted]&redirect_to=%2Fcompany',
  );
  expect(redactUrl('/cb?%63ode=secret&state=s&next=/x')).toBe('/cb?%63ode=[redacted]&state=[redacted]&next=/x');
  expect(redactUrl('/events?search=token&limit=5')).toBe('/events?search=token&limit=5');
  expect(redactUrl('/plain/path')).toBe('/plain/path');
  expect(redactUrl('/odd?%E0%A4%A=1&token')).toBe('/odd?%E0%A4%A=1&token');
});

test('a service writes request URLs to its log without the secrets in them', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig(StatelessConfigSchema, { PORT: '0', LOG_LEVEL: 'info' });
  const app = await createService({
    name: 'log_test',
    config,
    database: false,
    authentication: false,
    logger: { ...serviceLoggerOptions('info', 'log_test'), stream },
  });
  try {
    app.get('/shared', async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/shared?token=s3cr3t-share-token&view=1' })).statusCode).toBe(200);
  } finally {
    await app.close();
  }
  const logged = lines.join('');
  expect(logged).toContain('/shared?token=[redacted]&view=1');
  expect(logged).not.toContain('s3cr3t-share-token');
});
