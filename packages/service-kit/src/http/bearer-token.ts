/**
 * The token of an `Authorization: Bearer <token>` header (scheme in any case), or null when the
 * header is missing, uses another scheme or carries nothing after it.
 */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(.+)$/i.exec(authorization);
  const token = match?.[1].trim();
  return token ? token : null;
}
