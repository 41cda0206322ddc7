import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../lib/deps';
import { AuthSettingsSchema, JwksSchema } from '@tracemap/contracts';

export default async function publicRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.get('/settings', { schema: { response: { 200: AuthSettingsSchema } } }, async () => ({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: deps.config.AUTH_DISABLE_SIGNUP,
    mailer_autoconfirm: deps.config.AUTH_MAILER_AUTOCONFIRM,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  app.get('/.well-known/jwks.json', { schema: { response: { 200: JwksSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return deps.keys.jwks;
  });
}
