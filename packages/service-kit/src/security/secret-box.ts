import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Secrets at rest (a source's credentials, an installation's tokens): AES-256-GCM with a
 * fresh 96-bit nonce per value, the record they belong to as associated data (a value copied
 * onto another record does not decrypt), and a version prefix so the scheme can change. The
 * key is the service's configuration; `settingName` names it in the error for a bad key.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string, settingName = 'The secret key') {
    this.key = parseKey(secret, settingName);
  }

  seal(plain: string, boundTo: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string, boundTo: string): string {
    const [version, payload] = sealed.split(':', 2);
    if (version !== VERSION || !payload) throw new Error('unknown sealed value format');
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** 32 bytes, written as 64 hex digits or as base64 (standard or URL-safe). */
function parseKey(secret: string, settingName: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(secret) ? Buffer.from(secret, 'hex') : Buffer.from(secret, 'base64');
  if (key.length !== 32) throw new Error(`${settingName} must be 32 bytes (64 hex digits or base64)`);
  return key;
}
