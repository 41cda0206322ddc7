import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { UploadAccepted, UploadFormat } from '@tracemap/contracts';
import type { IngestLimits } from './ingest-limits';
import { insertRun } from './run-repository';
import { sniffFormat } from './sniff-format';
import { removeSpooled, spoolUpload } from './spool-upload';
import { inCompany } from './tenant-transaction';

export interface UploadDeps {
  db: pg.Pool;
  spoolDir: string;
  limits: IngestLimits;
  /** Tells the ingest worker a run is waiting. */
  wakeIngest: () => void;
}

/**
 * Takes an uploaded file: spooled to disk as it streams in, its format read
 * from its first record (an unknown one is refused before a run exists, and
 * the spooled file is removed), then queued as a run for the ingest worker.
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
  },
): Promise<UploadAccepted> {
  const file = await spoolUpload(input.body, deps.spoolDir, deps.limits.maxUploadBytes);
  let format: string;
  try {
    format = await sniffFormat(file, input.format, deps.limits);
  } catch (error) {
    await removeSpooled(file.path);
    throw error;
  }
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
      }),
    );
  } catch (error) {
    await removeSpooled(file.path);
    throw error;
  }
  deps.wakeIngest();
  return { runId };
}
