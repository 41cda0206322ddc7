export type Landing =
  | { kind: 'token'; tokenHash: string }
  | { kind: 'code'; code: string }
  | { kind: 'error'; message: string }
  | { kind: 'none' };

export const LINK_INVALID = 'This confirmation link is invalid or has expired. Log in to have a new one sent.';

/** What the confirmation page was opened with: a token in the path, a PKCE code, or an error. */
export function confirmLanding(id: string | undefined, search: string, hash: string): Landing {
  if (id) return { kind: 'token', tokenHash: id };
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const description = query.get('error_description') ?? fragment.get('error_description');
  if (description) return { kind: 'error', message: /expired|invalid/i.test(description) ? LINK_INVALID : description };
  const code = query.get('code');
  if (code) return { kind: 'code', code };
  return { kind: 'none' };
}
