import { randomUUID } from 'node:crypto';
import type { Queryable } from '@tracemap/service-kit';

export interface FlowStateRow {
  id: string;
  user_id: string;
  code_challenge: string;
  code_challenge_method: 's256' | 'plain';
  authentication_method: string;
  auth_code_issued_at: Date | null;
}

const COLUMNS = 'id, user_id, code_challenge, code_challenge_method, authentication_method, auth_code_issued_at';

export async function insertFlowState(
  db: Queryable,
  state: { userId: string; codeChallenge: string; method: 's256' | 'plain'; authenticationMethod: string },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO auth.flow_states (id, user_id, code_challenge, code_challenge_method, authentication_method) VALUES ($1, $2, $3, $4, $5)`,
    [id, state.userId, state.codeChallenge, state.method, state.authenticationMethod],
  );
  return id;
}

export async function issueAuthCode(db: Queryable, id: string, authCodeHash: string): Promise<void> {
  await db.query('UPDATE auth.flow_states SET auth_code_hash = $2, auth_code_issued_at = now() WHERE id = $1', [
    id,
    authCodeHash,
  ]);
}

export async function findFlowStateByAuthCode(db: Queryable, authCodeHash: string): Promise<FlowStateRow | null> {
  const { rows } = await db.query<FlowStateRow>(
    `SELECT ${COLUMNS} FROM auth.flow_states WHERE auth_code_hash = $1 FOR UPDATE`,
    [authCodeHash],
  );
  return rows[0] ?? null;
}

export async function deleteFlowState(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM auth.flow_states WHERE id = $1', [id]);
}
