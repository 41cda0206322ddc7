import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { UploadAccepted, UploadFormat } from '@tracemap/contracts';
import { badRequest, idempotencyKeyReused } from '@tracemap/service-kit';
import type { IngestLimits } from './ingest-limits';
import { findRunByIdempotencyKey, insertRun } from './run-repository';
import { sniffFormat } from './sniff-format';
import { removeSpooled, spoolUpload, type SpooledFile } from './spool-upload';
import { inCompany } from './tenant-transaction';

export interface UploadDeps {
  db: pg.Pool;
  spoolDir: string;
  limits: IngestLimits;
  /** Tells the ingest worker a run is waiting. */
  wakeIngest: () => void;
}

const IDEMPOTENCY_KEY_MAX = 200;
const UNIQUE_VIOLATION = '23505';

/**
 * Takes an uploaded file: spooled to disk as it streams in, its format read
 * from its first record (an unknown one is refused before a run exists, and
 * the spooled file is removed), then queued as a run for the ingest worker.
 * Sent again with the same Idempotency-Key (by the same user, with the same
 * format and bytes), it answers the first upload's run rather than reading the
 * file twice; the same key with another file is refused with 422.
 */
export async function uploadFile(
  deps: UploadDeps,
  input: {
    companyId: string;
    userId: string | null;
    format: UploadFormat;
    contentType: string;
    body: Readable;
    sourceId?: string | null;
    idempotencyKey?: string;
  },
): Promise<UploadAccepted> {
  const key = input.userId ? input.idempotencyKey : undefined;
  if (key !== undefined && (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX)) {
    throw badRequest(`An Idempotency-Key has 1 to ${IDEMPOTENCY_KEY_MAX} characters.`, 'invalid_idempotency_key');
  }
  const file = await spoolUpload(input.body, deps.spoolDir, deps.limits.maxUploadBytes);
  try {
    const requestHash = createHash('sha256').update(`${input.format}\n${file.sha256}`).digest('hex');
    if (key && input.userId) {
      const earlier = await replayOf(deps, input.companyId, input.userId, key, requestHash);
      if (earlier) {
        await removeSpooled(file.path);
        return earlier;
      }
    }
    const format = await sniffFormat(file, input.format, deps.limits);
    return await queueRun(deps, input, file, format, key, requestHash);
  } catch (error) {
    await removeSpooled(file.path);
    throw error;
  }
}

async function replayOf(
  deps: UploadDeps,
  companyId: string,
  userId: string,
  key: string,
  requestHash: string,
): Promise<UploadAccepted | null> {
  const earlier = await inCompany(deps.db, companyId, (client) => findRunByIdempotencyKey(client, userId, key));
  if (!earlier) return null;
  if (earlier.requestHash !== requestHash) throw idempotencyKeyReused();
  return { runId: earlier.runId };
}

async function queueRun(
  deps: UploadDeps,
  input: Parameters<typeof uploadFile>[1],
  file: SpooledFile,
  format: string,
  key: string | undefined,
  requestHash: string,
): Promise<UploadAccepted> {
  const runId = randomUUID();
  try {
    await inCompany(deps.db, input.companyId, (client) =>
      insertRun(client, {
        id: runId,
        companyId: input.companyId,
        sourceId: input.sourceId ?? null,
        requestedFormat: input.format,
        format,
        contentType: input.contentType,
        filePath: file.path,
        bytes: file.bytes,
        createdBy: input.userId,
        idempotencyKey: key,
        requestHash,
      }),
    );
  } catch (error) {
    // The same key sent twice at once: the one that lost the race answers the winner's run.
    const raced =
      key && input.userId && (error as { code?: unknown }).code === UNIQUE_VIOLATION
        ? await replayOf(deps, input.companyId, input.userId, key, requestHash)
        : null;
    if (!raced) throw error;
    await removeSpooled(file.path);
    return raced;
  }
  deps.wakeIngest();
  return { runId };
}
