import type {
  AddToPlanAnswer,
  CreatedSourceResponse,
  CreateSourceInput,
  DiscoveryOverview,
  ExampleTrafficAccepted,
  Finding,
  FindingListQuery,
  FindingPage,
  FindingState,
  ObservedEventPage,
  ObservedEventsQuery,
  PullAccepted,
  RotatedKeyResponse,
  Run,
  RunListQuery,
  RunPage,
  SourceListResponse,
  UpdateFindingBody,
  UploadAccepted,
  UploadFormat,
} from '@tracemap/contracts';
// Through the package's main entry, so the one shared session and error class are used.
import {
  ApiError,
  authedFetch,
  currentAccessToken,
  handleUnauthorized,
  toApiError,
  type ApiFetchOptions,
} from '@tracemap/shell-core';

type CallOptions = Omit<ApiFetchOptions, 'token'>;

/** Everything discovery reads and writes lives under `/api/insights/{companyId}/discovery/`. */
export function discoveryPath(companyId: string, path: string): string {
  return `/api/insights/${encodeURIComponent(companyId)}/discovery/${path}`;
}

function call<T>(companyId: string, path: string, options: CallOptions = {}): Promise<T> {
  return authedFetch<T>(discoveryPath(companyId, path), options);
}

type Query<T> = { [K in keyof T]?: T[K] };
function query<T extends object>(q: Query<T>): ApiFetchOptions['query'] {
  return q as ApiFetchOptions['query'];
}

/** Plan against reality: observed events and planned ones never seen, a page at a time. */
export function listObservedEvents(
  companyId: string,
  q: ObservedEventsQuery = {},
  signal?: AbortSignal,
): Promise<ObservedEventPage> {
  return call(companyId, 'events', { query: query(q), signal });
}

export function listFindings(companyId: string, q: FindingListQuery = {}, signal?: AbortSignal): Promise<FindingPage> {
  return call(companyId, 'findings', { query: query(q), signal });
}

/** Triage: acknowledge, ignore or reopen one finding (editors). */
export function setFindingState(companyId: string, id: string, state: FindingState): Promise<Finding> {
  const body: UpdateFindingBody = { state };
  return call(companyId, `findings/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** Adds an unplanned event or property to the plan from its observed shape (editors). */
export function addFindingToPlan(companyId: string, id: string): Promise<AddToPlanAnswer> {
  return call(companyId, `findings/${encodeURIComponent(id)}/add-to-plan`, { method: 'POST' });
}

export function getDiscoveryOverview(companyId: string, signal?: AbortSignal): Promise<DiscoveryOverview> {
  return call(companyId, 'overview', { signal });
}

export function listRuns(companyId: string, q: RunListQuery = {}, signal?: AbortSignal): Promise<RunPage> {
  return call(companyId, 'runs', { query: query(q), signal });
}

export function getRun(companyId: string, runId: string, signal?: AbortSignal): Promise<Run> {
  return call(companyId, `runs/${encodeURIComponent(runId)}`, { signal });
}

export function cancelRun(companyId: string, runId: string): Promise<Run> {
  return call(companyId, `runs/${encodeURIComponent(runId)}/cancel`, { method: 'POST' });
}

export function listSources(companyId: string, signal?: AbortSignal): Promise<SourceListResponse> {
  return call(companyId, 'sources', { signal });
}

/** Creates a source (admins); a collector's ingest key is in this answer only. */
export function createSource(companyId: string, body: CreateSourceInput): Promise<CreatedSourceResponse> {
  return call(companyId, 'sources', { method: 'POST', body });
}

/** Starts a pull of a GA4 or Amplitude source now (admins); the run is listed with the others. */
export function pullSource(companyId: string, sourceId: string): Promise<PullAccepted> {
  return call(companyId, `sources/${encodeURIComponent(sourceId)}/pull`, { method: 'POST' });
}

/** A new ingest key for a collector (admins), answered once; the old one stops working at once. */
export function rotateSourceKey(companyId: string, sourceId: string): Promise<RotatedKeyResponse> {
  return call(companyId, `sources/${encodeURIComponent(sourceId)}/rotate-key`, { method: 'POST' });
}

/** Removes a source and its stored credentials (admins). */
export function deleteSource(companyId: string, sourceId: string): Promise<void> {
  return call(companyId, `sources/${encodeURIComponent(sourceId)}`, { method: 'DELETE' });
}

/** Where a collector source receives traffic: the ingest key is the only secret, so the URL is shown once. */
export function collectorUrl(origin: string, ingestKey: string): string {
  return `${origin}/api/insights/collect/${encodeURIComponent(ingestKey)}`;
}

/** Generated traffic for the sample e-commerce plan, read as an upload (editors). */
export function startExampleTraffic(companyId: string): Promise<ExampleTrafficAccepted> {
  return call(companyId, 'example-traffic', { method: 'POST' });
}

/** The content type an upload is sent with, from the file's name. */
export function uploadContentType(fileName: string): string {
  const name = fileName.toLowerCase();
  if (name.endsWith('.gz')) return 'application/gzip';
  if (name.endsWith('.zip')) return 'application/zip';
  if (name.endsWith('.json')) return 'application/json';
  return 'application/x-ndjson';
}

export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * Sends a file as the raw body of an upload. XMLHttpRequest rather than fetch,
 * because only it reports how much of the body has gone out; errors come back
 * as the same ApiError the other calls throw, and a 401 signs out the same way.
 */
export async function uploadDiscoveryFile(
  companyId: string,
  file: Blob & { name: string },
  format: UploadFormat,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadAccepted> {
  const token = await currentAccessToken();
  const response = await new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${discoveryPath(companyId, 'uploads')}?format=${encodeURIComponent(format)}`);
    xhr.setRequestHeader('content-type', uploadContentType(file.name));
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) =>
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
        }),
      );
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The upload could not reach the server.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
  if (response.ok) return (await response.json()) as UploadAccepted;
  const error = await toApiError(response);
  if (error.statusCode === 401) await handleUnauthorized(error.message);
  throw error;
}
