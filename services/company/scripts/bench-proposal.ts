/**
 * A proposal on the large plan: opened (its workspace gets a copy of the
 * 10,000-event plan), then 500 operations made inside it through the API
 * (250 new events, 250 changed descriptions), then the proposal's list page
 * and effective schemas measured like the live plan's, and at last the merge
 * of those 500 operations into the live plan (seconds). Writes to the live plan, measured first,
 * are the baseline of the writes inside the proposal.
 */
type Json = Record<string, unknown>;

export const PROPOSAL_OPERATIONS = 500;

async function call(url: string, token: string, method: string, body?: Json): Promise<Json> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as Json;
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs the operations a few at a time, as editors' browsers would; the mean milliseconds one took. */
async function runOperations(operations: ReadonlyArray<() => Promise<Json>>): Promise<number> {
  const workers = 4;
  let total = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = w; i < operations.length; i += workers) {
        const started = performance.now();
        await operations[i]();
        total += performance.now() - started;
      }
    }),
  );
  return total / Math.max(operations.length, 1);
}

export const LIVE_WRITES = 100;

/**
 * The baseline of a write inside a proposal: the same description changes made to the live plan,
 * before the proposal opens (so they are part of its base and cannot conflict with it); mean ms.
 */
export async function measureLiveWrites(base: string, token: string, eventIds: readonly string[]): Promise<number> {
  return runOperations(
    Array.from(
      { length: LIVE_WRITES },
      (_, i) => () =>
        call(`${base}/events/${eventIds[(i * 104_729) % eventIds.length]}`, token, 'PATCH', {
          description: `Described live (${i})`,
        }),
    ),
  );
}

/** Opens the proposal and makes its operations, a few at a time as editors' browsers would. */
export async function fillProposal(
  base: string,
  token: string,
  eventIds: readonly string[],
): Promise<{ id: string; openSeconds: number; operationSeconds: number; operationMs: number }> {
  let started = performance.now();
  const { id } = (await call(`${base}/proposals`, token, 'POST', { name: 'Bench proposal' })) as { id: string };
  const openSeconds = (performance.now() - started) / 1000;
  const q = `?proposal=${id}`;
  const operations = Array.from({ length: PROPOSAL_OPERATIONS }, (_, i) =>
    i % 2 === 0
      ? () => call(`${base}/events${q}`, token, 'POST', { name: `Proposed Event ${i}`, attributes: [] })
      : () =>
          call(`${base}/events/${eventIds[(i * 7919) % eventIds.length]}${q}`, token, 'PATCH', {
            description: `Described in the proposal (${i})`,
          }),
  );
  started = performance.now();
  const operationMs = await runOperations(operations);
  return { id, openSeconds, operationSeconds: (performance.now() - started) / 1000, operationMs };
}

/** Merges the proposal into the live plan (the author, an owner, needs no approvals by default); seconds. */
export async function mergeProposal(base: string, token: string, id: string): Promise<number> {
  const started = performance.now();
  await call(`${base}/proposals/${id}/merge`, token, 'POST', {});
  return (performance.now() - started) / 1000;
}
