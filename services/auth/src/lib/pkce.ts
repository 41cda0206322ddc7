import type { Queryable } from '@tracemap/service-kit';
import { insertFlowState } from '../repositories/flow-states-repository';
import { validationFailed } from './auth-error';

export interface PkceParams {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}

const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/** Validates the optional PKCE pair of a request: both or neither. */
export function readPkce(params: PkceParams): { challenge: string; method: 's256' | 'plain' } | null {
  const challenge = params.code_challenge ?? null;
  const method = params.code_challenge_method ?? null;
  if (!challenge && !method) return null;
  if (!challenge || !method) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain')
    throw validationFailed('code_challenge_method must be s256 or plain');
  if (!CHALLENGE.test(challenge)) throw validationFailed('code_challenge is not a valid PKCE challenge');
  return { challenge, method: normalized };
}

export async function createFlowState(
  db: Queryable,
  pkce: { challenge: string; method: 's256' | 'plain' } | null,
  userId: string,
  authenticationMethod: string,
): Promise<string | null> {
  if (!pkce) return null;
  return insertFlowState(db, { userId, codeChallenge: pkce.challenge, method: pkce.method, authenticationMethod });
}
