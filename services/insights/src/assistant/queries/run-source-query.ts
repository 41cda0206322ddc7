import { randomUUID } from 'node:crypto';
import {
  amplitudeSegmentationQuery,
  amplitudeSegmentationRows,
  amplitudeSegmentationTable,
  ga4ReportRequest,
  ga4ReportTable,
  type QueryTable,
} from '@tracemap/assistant';
import type { QuerySourceInput, StoredQueryResult } from '@tracemap/contracts';
import type { CompanyActor } from '../../core/company-access';
import type { InsightsDeps } from '../../deps';
import { inCompany } from '../../ingest/tenant-transaction';
import { Ga4Client } from '../../pulls/ga4-client';
import { findPullSource, type PullSource } from '../../pulls/pull-repository';
import { PullFailure } from '../../pulls/pull-failure';
import { vendorRequest, type RetryPolicy } from '../../pulls/vendor-request';
import { credentialsBinding } from '../../sources/create-source';
import { insertQuery } from './query-repository';

export type SourceQueryDeps = Pick<InsightsDeps, 'db' | 'secrets' | 'config'>;

const VENDOR: Record<string, string> = { ga4: 'a GA4', amplitude: 'an Amplitude' };

// Someone is waiting for the answer: few, short retries, unlike a pull in the background.
const RETRY: RetryPolicy = { attempts: 2, maxWaitMs: 5000, baseDelayMs: 500 };

function openCredentials(deps: SourceQueryDeps, companyId: string, source: PullSource): Record<string, unknown> {
  if (!deps.secrets || !source.credentials) throw new PullFailure('This source has no credentials that can be read.');
  try {
    return JSON.parse(deps.secrets.open(source.credentials, credentialsBinding(companyId, source.id))) as Record<
      string,
      unknown
    >;
  } catch {
    throw new PullFailure('The stored credentials of this source cannot be read; an admin must enter them again.');
  }
}

async function ga4Table(
  deps: SourceQueryDeps,
  source: PullSource,
  credentials: Record<string, unknown>,
  input: QuerySourceInput,
  signal?: AbortSignal,
): Promise<QueryTable> {
  const client = new Ga4Client(
    { dataApiUrl: deps.config.GA4_DATA_API_URL, tokenUrl: deps.config.GA4_TOKEN_URL },
    String(credentials.serviceAccountKey ?? ''),
    source.propertyId ?? '',
    RETRY,
    signal,
  );
  return ga4ReportTable(input, await client.runReport(ga4ReportRequest(input)));
}

async function amplitudeTable(
  deps: SourceQueryDeps,
  source: PullSource,
  credentials: Record<string, unknown>,
  input: QuerySourceInput,
  signal?: AbortSignal,
): Promise<QueryTable> {
  if (input.events.length === 0)
    throw new PullFailure('Amplitude segmentation needs the names of the events to count.');
  const base = source.region === 'eu' ? deps.config.AMPLITUDE_EU_API_URL : deps.config.AMPLITUDE_API_URL;
  const basic = Buffer.from(`${String(credentials.apiKey ?? '')}:${String(credentials.secretKey ?? '')}`).toString(
    'base64',
  );
  const rows: QueryTable['rows'] = [];
  for (const event of input.events) {
    const url = new URL('/api/2/events/segmentation', base);
    for (const [key, value] of Object.entries(amplitudeSegmentationQuery(input, event)))
      url.searchParams.set(key, value);
    const response = await vendorRequest(
      'Amplitude',
      () => fetch(url, { headers: { authorization: `Basic ${basic}` }, signal }),
      RETRY,
      signal,
    );
    if (!response.ok) {
      const said = (await response.text().catch(() => '')).slice(0, 200);
      throw new PullFailure(
        response.status === 401 || response.status === 403
          ? `Amplitude refused the API key (${response.status})`
          : `Amplitude refused the segmentation request (${response.status}${said ? `: ${said}` : ''})`,
      );
    }
    rows.push(...amplitudeSegmentationRows(input, event, await response.json()));
  }
  return amplitudeSegmentationTable(input, rows);
}

/**
 * Runs the assistant's query against one of the company's GA4 or Amplitude sources, with the
 * source's sealed credentials opened for this call only, and stores the result under a new id
 * for the person who ran it (in the asking conversation; none for an MCP client). A refusal or a vendor failure is an error in words for the model.
 */
export async function runSourceQuery(
  deps: SourceQueryDeps,
  actor: CompanyActor,
  threadId: string | null,
  input: QuerySourceInput,
  signal?: AbortSignal,
): Promise<StoredQueryResult> {
  const source = await inCompany(deps.db, actor.companyId, (db) => findPullSource(db, actor.companyId, input.sourceId));
  if (!source) throw new PullFailure('No such data source.');
  const wanted = input.kind === 'ga4_run_report' ? 'ga4' : 'amplitude';
  if (source.kind !== wanted)
    throw new PullFailure(`${input.kind} needs ${VENDOR[wanted]} source; this one is a ${source.kind} source.`);
  const credentials = openCredentials(deps, actor.companyId, source);
  const table =
    wanted === 'ga4'
      ? await ga4Table(deps, source, credentials, input, signal)
      : await amplitudeTable(deps, source, credentials, input, signal);
  const result: StoredQueryResult = {
    queryId: randomUUID(),
    sourceId: source.id,
    kind: input.kind,
    columns: table.columns,
    rows: table.rows,
    ranAt: new Date().toISOString(),
  };
  await inCompany(deps.db, actor.companyId, (db) =>
    insertQuery(db, { companyId: actor.companyId, userId: actor.userId, threadId, input, result }),
  );
  return result;
}
