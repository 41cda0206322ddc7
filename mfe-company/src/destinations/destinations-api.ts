import type {
  CreateDestinationBody,
  DestinationList,
  DestinationPreviewAnswer,
  DestinationTestAnswer,
  DestinationView,
  SyncRunList,
  SyncRunView,
  SyncSetStarted,
  SyncSetView,
  SyncStarted,
  TestDestinationBody,
  UpdateDestinationBody,
} from '@tracemap/contracts';
import { authedFetch } from '@tracemap/shell-core';

const base = (companyId: string, rest = '') => `/api/integrations/${encodeURIComponent(companyId)}${rest}`;
const one = (companyId: string, id: string, rest = '') =>
  base(companyId, `/destinations/${encodeURIComponent(id)}${rest}`);

export const listDestinations = (companyId: string, signal?: AbortSignal): Promise<DestinationList> =>
  authedFetch(base(companyId, '/destinations'), { signal });

export const createDestination = (companyId: string, body: CreateDestinationBody): Promise<DestinationView> =>
  authedFetch(base(companyId, '/destinations'), { method: 'POST', body });

export const updateDestination = (
  companyId: string,
  id: string,
  body: UpdateDestinationBody,
): Promise<DestinationView> => authedFetch(one(companyId, id), { method: 'PATCH', body });

export const deleteDestination = (companyId: string, id: string): Promise<void> =>
  authedFetch(one(companyId, id), { method: 'DELETE' });

export const testDestination = (companyId: string, id: string): Promise<DestinationTestAnswer> =>
  authedFetch(one(companyId, id, '/test'), { method: 'POST' });

/** "Test connection" with what the setup form holds, before anything is saved (only what a test reads is sent). */
export const testNewDestination = (
  companyId: string,
  { type, settings, credentials }: TestDestinationBody,
): Promise<DestinationTestAnswer> =>
  authedFetch(base(companyId, '/destinations/test'), { method: 'POST', body: { type, settings, credentials } });

export const previewDestination = (companyId: string, id: string): Promise<DestinationPreviewAnswer> =>
  authedFetch(one(companyId, id, '/preview'), { method: 'POST' });

export const pushDestination = (companyId: string, id: string): Promise<SyncStarted> =>
  authedFetch(one(companyId, id, '/sync'), { method: 'POST' });

/** Several destinations pushed together: one plan version, lastSync moving only if every one succeeds. */
export const pushDestinations = (companyId: string, destinationIds: string[]): Promise<SyncSetStarted> =>
  authedFetch(base(companyId, '/destinations/sync'), { method: 'POST', body: { destinationIds } });

export const getSyncSet = (companyId: string, setId: string, signal?: AbortSignal): Promise<SyncSetView> =>
  authedFetch(base(companyId, `/sync-sets/${encodeURIComponent(setId)}`), { signal });

export const listRuns = (companyId: string, id: string, signal?: AbortSignal): Promise<SyncRunList> =>
  authedFetch(one(companyId, id, '/runs'), { signal });

export const getRun = (companyId: string, runId: string, signal?: AbortSignal): Promise<SyncRunView> =>
  authedFetch(base(companyId, `/sync-runs/${encodeURIComponent(runId)}`), { signal });
