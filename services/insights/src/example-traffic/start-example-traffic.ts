import { Readable } from 'node:stream';
import { EXAMPLE_TRAFFIC_EVENTS, EXAMPLE_TRAFFIC_FORMAT, type ExampleTrafficAccepted } from '@tracemap/contracts';
import { generateExampleTraffic } from '@tracemap/discovery';
import { uploadFile, type UploadDeps } from '../ingest/upload-file';

/** One seed for every company, so the same click always gives the same traffic and the same findings. */
export const EXAMPLE_TRAFFIC_SEED = 20_240_115;

/** Lines are handed to the spool in chunks of about this many bytes rather than one write per event. */
const CHUNK_BYTES = 64 * 1024;

/** The generated records as NDJSON text, produced lazily as the spool reads. */
function* ndjsonChunks(seed: number, events: number): Generator<string, void, undefined> {
  let chunk = '';
  for (const record of generateExampleTraffic({ seed, events, format: EXAMPLE_TRAFFIC_FORMAT })) {
    chunk += `${JSON.stringify(record)}\n`;
    if (chunk.length >= CHUNK_BYTES) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * Generated traffic for the sample e-commerce plan, with its known defects,
 * taken exactly as an uploaded file: spooled, queued as a run, and profiled
 * and judged by the same worker. A company whose plan is not the sample gets
 * mostly unplanned events, which is what discovery should say about it.
 */
export function startExampleTraffic(
  deps: UploadDeps,
  input: { companyId: string; userId: string | null },
): Promise<ExampleTrafficAccepted> {
  return uploadFile(deps, {
    companyId: input.companyId,
    userId: input.userId,
    format: EXAMPLE_TRAFFIC_FORMAT,
    contentType: 'application/x-ndjson',
    body: Readable.from(ndjsonChunks(EXAMPLE_TRAFFIC_SEED, EXAMPLE_TRAFFIC_EVENTS)),
  });
}
