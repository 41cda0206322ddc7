import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  SlackCompanyParams,
  SlackInstallationStatus,
  SlackInstallUrl,
  SlackOAuthCallbackQuery,
  SlackTestMessageAnswer,
} from '@tracemap/contracts';
import { actorOf, companyAccess } from '../core/company-access';
import { FAILURE } from '../core/messages';
import type { IntegrationsDeps } from '../deps';
import { sendTestMessage } from '../notifications/send-test-message';
import { completeInstall } from './complete-install';
import { disconnect } from './disconnect';
import { getInstallation } from './get-installation';
import { installCookie, readInstallCookie } from './install-state';
import { startInstall } from './start-install';

const tags = ['slack'];
const config = { failureMessage: FAILURE.slack };

/**
 * `/:companyId/slack`: members read the status; owners and admins start an install, send a
 * test message and disconnect. The OAuth callback is public: the state it carries is the proof.
 */
export async function slackRoutes(parent: FastifyInstance, { deps }: { deps: IntegrationsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const secureCookie = deps.config.PUBLIC_URL.startsWith('https:');
  const stateSeconds = Math.ceil(deps.config.SLACK_INSTALL_STATE_TTL_MS / 1000);

  app.post(
    '/:companyId/slack/install-url',
    {
      schema: { tags, params: SlackCompanyParams, response: { 200: SlackInstallUrl } },
      config,
      preHandler: companyAccess(deps, { access: 'admin' }),
    },
    async (request, reply) => {
      const started = await startInstall(deps, actorOf(request));
      void reply.header('set-cookie', installCookie(started.cookie, stateSeconds, secureCookie));
      void reply.header('cache-control', 'no-store');
      return { url: started.url };
    },
  );

  app.get(
    '/:companyId/slack',
    {
      schema: { tags, params: SlackCompanyParams, response: { 200: SlackInstallationStatus } },
      config,
      preHandler: companyAccess(deps, { access: 'member' }),
    },
    (request) => getInstallation(deps, actorOf(request)),
  );

  app.delete(
    '/:companyId/slack',
    {
      schema: { tags, params: SlackCompanyParams, response: { 204: Type.Null() } },
      config,
      preHandler: companyAccess(deps, { access: 'admin' }),
    },
    async (request, reply) => {
      await disconnect(deps, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:companyId/slack/test-message',
    {
      schema: { tags, params: SlackCompanyParams, response: { 202: SlackTestMessageAnswer } },
      config,
      preHandler: companyAccess(deps, { access: 'admin' }),
    },
    async (request, reply) => reply.code(202).send(await sendTestMessage(deps, actorOf(request))),
  );

  app.get(
    '/slack/oauth/callback',
    { schema: { tags, querystring: SlackOAuthCallbackQuery, response: { 302: Type.Null() } }, config },
    async (request, reply) => {
      const outcome = await completeInstall(
        deps,
        { ...request.query, cookie: readInstallCookie(request.headers.cookie) },
        request.id,
      );
      const target = new URLSearchParams({ provider: 'slack', status: outcome.ok ? 'success' : 'error' });
      if (!outcome.ok) target.set('code', outcome.code);
      void reply.header('set-cookie', installCookie('', 0, secureCookie));
      void reply.header('cache-control', 'no-store');
      void reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(`/auth/popup-close?${target.toString()}`, 302);
    },
  );
}
