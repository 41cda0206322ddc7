import { createHash, randomBytes } from 'node:crypto';

/** The cookie that binds an install's state to the browser that asked for it. */
export const INSTALL_COOKIE = 'tm_slack_install';
/** The cookie is sent only to the callback. */
export const INSTALL_COOKIE_PATH = '/api/integrations/slack/oauth';

export const randomToken = () => randomBytes(32).toString('base64url');
export const hashToken = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export function installCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${INSTALL_COOKIE}=${value}`,
    `Path=${INSTALL_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The install cookie's value in a Cookie header, or ''. */
export function readInstallCookie(header: string | undefined): string {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === INSTALL_COOKIE) return rest.join('=');
  }
  return '';
}
