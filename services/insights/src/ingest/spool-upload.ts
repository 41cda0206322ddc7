import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IngestError } from './ingest-errors';

export interface SpooledFile {
  path: string;
  bytes: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
}

/**
 * Writes a request body to a file of its own in the spool folder as it
 * arrives, never holding it whole, and stops past `maxBytes` (the partial file
 * is removed).
 */
export async function spoolUpload(body: Readable, spoolDir: string, maxBytes: number): Promise<SpooledFile> {
  await mkdir(spoolDir, { recursive: true });
  const filePath = path.join(spoolDir, `${randomUUID()}.upload`);
  let bytes = 0;
  const hash = createHash('sha256');
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      hash.update(chunk);
      if (bytes > maxBytes) callback(new IngestError('upload_too_large'));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(body, meter, createWriteStream(filePath, { flags: 'wx' }));
  } catch (error) {
    await rm(filePath, { force: true });
    throw error;
  }
  return { path: filePath, bytes, sha256: hash.digest('hex') };
}

export async function removeSpooled(filePath: string): Promise<void> {
  await rm(filePath, { force: true });
}
