import type {
  DestinationKind,
  DestinationOperation,
  DestinationWarning,
  OperationAction,
  PlanSnapshot,
  SyncMode,
} from '@tracemap/contracts';

/** One item of a destination's model, under the key that identifies it there. */
export interface Keyed<T> {
  key: string;
  target: string;
  item: T;
}

/** What a destination should hold for the plan, and what of the plan it cannot hold. */
export interface Desired<T> {
  items: Map<string, Keyed<T>>;
  warnings: DestinationWarning[];
}

/** What the destination holds, as its answers were read. `managed` says Tracemap put it there. */
export interface RemoteItem<T> extends Keyed<T> {
  managed: boolean;
  /** The destination's own id, when its API addresses items by id. */
  id?: string;
}

export interface Operation<T> extends DestinationOperation {
  action: OperationAction;
  desired?: T;
  remote?: RemoteItem<T>;
}

/** One HTTP call of a push, relative to the destination's base URL. */
export interface PlannedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The operations this call carries out: they succeed or fail with it. */
  operationKeys: string[];
  /** What to send instead when the destination answers 409 (the item already exists); built only then. */
  onConflict?: () => PlannedRequest;
}

/** The calls for a set of operations; `deferred` ones need ids the destination gives only once earlier calls were made. */
export interface PlannedRequests<T> {
  requests: PlannedRequest[];
  deferred: Operation<T>[];
  warnings: DestinationWarning[];
}

export interface DestinationAdapter<S, T, R = Map<string, RemoteItem<T>>> {
  kind: DestinationKind;
  desired(snapshot: PlanSnapshot, settings: S): Desired<T>;
  diff(desired: Desired<T>, remote: R, mode: SyncMode): Operation<T>[];
  requestsFor(operations: Operation<T>[], settings: S, remote: R): PlannedRequests<T>;
  /** How many write calls the operations take and what the destination's limits say of them, without building the calls. */
  estimate(operations: Operation<T>[]): { writeCalls: number; warnings: DestinationWarning[] };
  /** What a destination that holds nothing reads as. */
  empty(): R;
}

export const jsonHeaders = { 'content-type': 'application/json' };
export const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
