import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { spoolUpload, type SpooledFile } from '../ingest/spool-upload';
import { isIngestError } from '../ingest/ingest-errors';
import { PullFailure } from './pull-failure';
import { vendorRequest, type RetryPolicy } from './vendor-request';

export interface AmplitudeCredentials {
  apiKey: string;
  secretKey: string;
}

/**
 * Downloads an Amplitude export (a zip of gzipped NDJSON, one file per hour) straight into
 * the spool as it arrives, never whole in memory. Null when Amplitude has no data for the
 * range (its 404); any other refusal is a PullFailure in words.
 */
export async function downloadAmplitudeExport(input: {
  baseUrl: string;
  credentials: AmplitudeCredentials;
  range: { start: string; end: string };
  spoolDir: string;
  maxBytes: number;
  policy: RetryPolicy;
  signal?: AbortSignal;
}): Promise<SpooledFile | null> {
  const url = new URL('/api/2/export', input.baseUrl);
  url.searchParams.set('start', input.range.start);
  url.searchParams.set('end', input.range.end);
  const basic = Buffer.from(`${input.credentials.apiKey}:${input.credentials.secretKey}`).toString('base64');
  const response = await vendorRequest(
    'Amplitude',
    () => fetch(url, { headers: { authorization: `Basic ${basic}` }, signal: input.signal }),
    input.policy,
    input.signal,
  );
  if (response.status === 404) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.ok || !response.body) {
    const said = (await response.text().catch(() => '')).slice(0, 200);
    const status = `${response.status}${said ? `: ${said}` : ''}`;
    if (response.status === 401 || response.status === 403)
      throw new PullFailure(`Amplitude refused the API key (${status})`);
    if (response.status === 429)
      throw new PullFailure(
        `Amplitude kept limiting requests, still after ${input.policy.attempts} attempts (${status})`,
      );
    if (response.status >= 500)
      throw new PullFailure(`Amplitude failed, still after ${input.policy.attempts} attempts (${status})`);
    throw new PullFailure(`Amplitude refused the export request (${status})`);
  }
  try {
    return await spoolUpload(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      input.spoolDir,
      input.maxBytes,
    );
  } catch (error) {
    if (isIngestError(error))
      throw new PullFailure(`The Amplitude export is larger than uploads may be (${error.message})`);
    throw new PullFailure(
      `The Amplitude export broke off while downloading (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
