import type { Queryable } from '@tracemap/service-kit';
import type { JWK } from 'jose';

export interface SigningKeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
  active: boolean;
}

export async function listSigningKeys(db: Queryable): Promise<SigningKeyRow[]> {
  const { rows } = await db.query<SigningKeyRow>(
    'SELECT kid, private_jwk, public_jwk, active FROM auth.signing_keys ORDER BY created_at DESC',
  );
  return rows;
}

/** Inserts a key as the active one unless another start already did. */
export async function insertActiveSigningKey(
  db: Queryable,
  kid: string,
  privateJwk: JWK,
  publicJwk: JWK,
): Promise<void> {
  await db.query(
    `INSERT INTO auth.signing_keys (kid, private_jwk, public_jwk, active) VALUES ($1, $2, $3, true)
     ON CONFLICT DO NOTHING`,
    [kid, JSON.stringify(privateJwk), JSON.stringify(publicJwk)],
  );
}
