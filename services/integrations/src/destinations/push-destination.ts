import type {
  DestinationCredentials,
  DestinationOperation,
  DestinationSettings,
  DestinationWarning,
  OperationOutcome,
  PlanSnapshot,
  SyncMode,
} from '@tracemap/contracts';
import { adapterFor, type Operation, type PlannedRequest } from '@tracemap/destinations';
import { authHeaders } from './destination-auth';
import { destinationHttp, realClock, type Clock, type DestinationHttp } from './destination-http';
import { readRemote } from './read-remote';

export interface PushDestinationInput {
  settings: DestinationSettings;
  credentials: DestinationCredentials;
  /** The destination's API base URL (the vendor's, or a stand-in's). */
  baseUrl: string;
  /** mParticle's token endpoint, when not the vendor's. */
  tokenUrl?: string;
  snapshot: PlanSnapshot;
  /** Called once per operation as soon as its outcome is known, so a run can persist progress. */
  record?: (outcome: OperationOutcome) => Promise<void> | void;
  clock?: Clock;
  /** Tries per call before a 429 or 5xx is final. */
  maxAttempts?: number;
}

export interface PushDestinationResult {
  destination: DestinationSettings['kind'];
  mode: SyncMode;
  outcomes: OperationOutcome[];
  warnings: DestinationWarning[];
  /** Calls that change something, retries not counted. */
  writeCalls: number;
}

// Operations whose calls need ids the destination hands out on creation run in a later pass.
const MAX_PASSES = 3;

/**
 * Pushes the plan to one destination: reads what it holds, computes the operations, makes the
 * calls in the order the destination needs and reports each operation's outcome. A refused
 * call fails its operations and the push goes on; being unable to read or to sign in throws.
 */
export async function pushDestination(input: PushDestinationInput): Promise<PushDestinationResult> {
  const { settings, snapshot } = input;
  const clock = input.clock ?? realClock;
  const adapter = adapterFor(settings);
  const mode: SyncMode = settings.mode ?? 'upsert';
  const http = destinationHttp({
    destination: settings.kind,
    baseUrl: input.baseUrl.replace(/\/$/, ''),
    headers: authHeaders(settings, input.credentials, { tokenUrl: input.tokenUrl, clock }),
    clock,
    maxAttempts: input.maxAttempts,
  });
  const wanted = adapter.desired(snapshot, settings);
  const warnings: DestinationWarning[] = [...wanted.warnings];
  const outcomes: OperationOutcome[] = [];
  const report = async (outcome: OperationOutcome) => {
    outcomes.push(outcome);
    await input.record?.(outcome);
  };
  let waiting: Set<string> | null = null;
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const remote = await readRemote(http, settings);
    let operations = adapter.diff(wanted, remote, mode);
    if (waiting) operations = operations.filter((op) => waiting!.has(op.key));
    const planned = adapter.requestsFor(operations, settings, remote);
    if (pass === 1) warnings.push(...planned.warnings);
    const byKey = new Map(operations.map((op) => [op.key, op]));
    for (const request of planned.requests) await apply(http, request, byKey, report);
    if (planned.deferred.length === 0) break;
    waiting = new Set(planned.deferred.map((op) => op.key));
    if (pass === MAX_PASSES)
      for (const op of planned.deferred)
        await report({ operation: bare(op), status: 'failed', error: 'What it refers to could not be created first.' });
  }
  return { destination: settings.kind, mode, outcomes, warnings, writeCalls: http.writeCalls() };
}

const bare = ({ action, target, key }: Operation<unknown>): DestinationOperation => ({ action, target, key });

async function apply(
  http: DestinationHttp,
  request: PlannedRequest,
  operations: Map<string, Operation<unknown>>,
  report: (outcome: OperationOutcome) => Promise<void>,
): Promise<void> {
  let answer = await http.send(request);
  if (answer.status === 409 && request.onConflict) answer = await http.send(request.onConflict());
  const ok = answer.status >= 200 && answer.status < 300;
  for (const key of request.operationKeys) {
    const op = operations.get(key);
    if (!op) continue;
    await report(
      ok
        ? { operation: bare(op), status: 'applied' }
        : { operation: bare(op), status: 'failed', httpStatus: answer.status, error: answer.text.slice(0, 500) },
    );
  }
}
