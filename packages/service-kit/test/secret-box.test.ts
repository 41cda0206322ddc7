import { randomBytes } from 'node:crypto';
import { SecretBox } from '../src';

test('a sealed value opens only with its key and for the record it was bound to', () => {
  const key = randomBytes(32).toString('base64');
  const box = new SecretBox(key);
  const sealed = box.seal('xoxb-token', 'slack-token:company-a');
  expect(sealed).toMatch(/^v1:/);
  expect(sealed).not.toContain('xoxb-token');
  expect(box.open(sealed, 'slack-token:company-a')).toBe('xoxb-token');
  expect(() => box.open(sealed, 'slack-token:company-b')).toThrow();
  expect(() => new SecretBox(randomBytes(32).toString('hex')).open(sealed, 'slack-token:company-a')).toThrow();
  // Two seals of one value differ (a fresh nonce each time).
  expect(box.seal('xoxb-token', 'slack-token:company-a')).not.toBe(sealed);
});

test('a key that is not 32 bytes is refused, naming the setting it came from', () => {
  expect(() => new SecretBox('too-short-but-base64', 'INSIGHTS_SECRET_KEY')).toThrow(
    'INSIGHTS_SECRET_KEY must be 32 bytes (64 hex digits or base64)',
  );
});
