/**
 * One tenant saves events whose overrides are checked against its attribute's
 * regex, back to back, while another tenant's list requests run: that
 * tenant's p99 during saves against a pattern a backtracking engine takes
 * exponential time on (`(a+)+$` with a value that does not match), and the
 * same with a plain pattern. Their ratio stays near 1 when user patterns run
 * in linear time; with a backtracking engine the other tenant would wait
 * behind every save.
 */
import type { startContractPeer } from '../test/support/contract-peer';
import type { createTokenKit } from '../test/support/tokens';
import { runLoad, type LoadResult, type LoadSpec } from '@tracemap/test-kit';

const HOSTILE = { label: 'hostile (a+)+$', pattern: '(a+)+$' };
const PLAIN = { label: 'plain ^[a-z]+$', pattern: '^[a-z]+$' };
const VALUE = `${'a'.repeat(36)}!`;

interface PatternRow extends LoadResult {
  name: string;
  saves: number;
  'failed saves': number;
}

type Json = Record<string, unknown>;

async function post(url: string, token: string, body: Json): Promise<{ status: number; json: Json }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

/** A company of its own with one attribute per pattern. */
async function patternTenant(
  url: string,
  peer: Awaited<ReturnType<typeof startContractPeer>>,
  tokens: Awaited<ReturnType<typeof createTokenKit>>,
) {
  const owner = peer.addUser({ email: 'bench-pattern-owner@example.test', firstName: 'Pattern', lastName: 'Owner' });
  const token = await tokens.mint({ sub: owner.id, email: owner.email });
  const created = await post(`${url}/api/company/create`, token, { name: 'Bench Pattern Co' });
  const base = `${url}/api/company/${(created.json.company as { id: string }).id}`;
  const attribute = async (name: string, pattern: string) => {
    const response = await post(`${base}/attributes`, token, { name, validation: { kind: 'regex', pattern } });
    if (response.status !== 201)
      throw new Error(`attribute ${name}: ${response.status} ${JSON.stringify(response.json)}`);
    return response.json.id as string;
  };
  return {
    base,
    token,
    hostile: await attribute('hostile_code', HOSTILE.pattern),
    plain: await attribute('plain_code', PLAIN.pattern),
  };
}

/**
 * Saves, one after another, until the other tenant's load ends. The value
 * matches neither pattern, so lint refuses each save (422) after checking it:
 * both runs do the same work but for the pattern.
 */
async function savesDuring(load: Promise<LoadResult>, eventsUrl: string, token: string, attributeId: string) {
  let running = true;
  const result = load.finally(() => {
    running = false;
  });
  let saves = 0;
  let failed = 0;
  const body = {
    name: 'Pattern Save',
    attributes: [{ attributeId, presence: 'required', validationOverride: { kind: 'enum', values: [VALUE] } }],
  };
  while (running) {
    const response = await post(eventsUrl, token, body);
    saves += 1;
    if (response.status !== 422 || response.json.code !== 'lint_failed') failed += 1;
  }
  return { ...(await result), saves, 'failed saves': failed };
}

export async function measurePatternSaves(
  url: string,
  peer: Awaited<ReturnType<typeof startContractPeer>>,
  tokens: Awaited<ReturnType<typeof createTokenKit>>,
  otherTenant: Omit<LoadSpec, 'connections' | 'duration'>,
  load: { connections: number; duration: number },
): Promise<{ rows: PatternRow[]; ratio: number }> {
  const tenant = await patternTenant(url, peer, tokens);
  // Both kinds of save and the list warm up first, so the row measured first does not pay for the JIT.
  await savesDuring(
    runLoad({ ...otherTenant, connections: load.connections, duration: 1 }),
    `${tenant.base}/events`,
    tenant.token,
    tenant.hostile,
  );
  await savesDuring(
    runLoad({ ...otherTenant, connections: load.connections, duration: 1 }),
    `${tenant.base}/events`,
    tenant.token,
    tenant.plain,
  );
  const rows: PatternRow[] = [];
  for (const [kind, attributeId] of [
    [HOSTILE, tenant.hostile],
    [PLAIN, tenant.plain],
  ] as const) {
    const measured = await savesDuring(
      runLoad({ ...otherTenant, ...load }),
      `${tenant.base}/events`,
      tenant.token,
      attributeId,
    );
    rows.push({ name: `other tenant's list during ${kind.label} saves`, ...measured });
  }
  const [hostile, plain] = rows;
  return { rows, ratio: plain.p99 > 0 ? hostile.p99 / plain.p99 : NaN };
}

export const PATTERN_LABELS = { hostile: HOSTILE.label, plain: PLAIN.label };
