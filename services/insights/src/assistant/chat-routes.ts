import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ChatAnswerSchema,
  ChatCompanyParams,
  ChatSettingsBody,
  ChatSettingsSchema,
  ChatSuggestionsSchema,
  ChatThreadList,
  ChatThreadParams,
  ChatThreadSchema,
  ChatUsageSchema,
  CreateChatThreadResponse,
  PostChatMessageBody,
} from '@tracemap/contracts';
import { actorOf, companyAccess } from '../core/company-access';
import type { InsightsDeps } from '../deps';
import { acceptQuestion, answerQuestion } from './ask-question';
import { getAssistantUsage, setAssistantEnabled } from './chat-settings';
import { startStream, streamAnswer } from './chat-stream';
import { createThread } from './create-thread';
import { getThread } from './get-thread';
import { listThreads } from './list-threads';
import { suggestQuestions } from './suggest-questions';

const tags = ['assistant'];
const config = { failureMessage: 'The assistant could not answer. Try again later.' };

const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/** The assistant's chat for members (their own threads only), and its switch and usage for admins. */
export async function chatRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const members = companyAccess(deps, { access: 'member' });
  // Asking stores a conversation, so like discovery's writes it needs a running subscription; reading does not.
  const askers = companyAccess(deps, { access: 'member', paid: true });
  const admins = companyAccess(deps, { access: 'admin' });

  app.post(
    '/:companyId/chat/threads',
    {
      schema: { tags, params: ChatCompanyParams, response: { 201: CreateChatThreadResponse } },
      config,
      preHandler: askers,
    },
    async (request, reply) => reply.code(201).send(await createThread(deps, actorOf(request))),
  );

  app.get(
    '/:companyId/chat/threads',
    { schema: { tags, params: ChatCompanyParams, response: { 200: ChatThreadList } }, config, preHandler: members },
    (request) => listThreads(deps, actorOf(request)),
  );

  app.get(
    '/:companyId/chat/threads/:threadId',
    { schema: { tags, params: ChatThreadParams, response: { 200: ChatThreadSchema } }, config, preHandler: members },
    (request) => getThread(deps, actorOf(request), request.params.threadId),
  );

  app.post(
    '/:companyId/chat/threads/:threadId/messages',
    {
      schema: { tags, params: ChatThreadParams, body: PostChatMessageBody, response: { 200: ChatAnswerSchema } },
      config,
      preHandler: askers,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { threadId } = request.params;
      const { content } = request.body;
      // Refusals and failures before the stream starts are ordinary JSON errors.
      await acceptQuestion(deps, actor, threadId, content);
      const asked = await answerQuestion(deps, actor, threadId, content);
      if (!wantsStream(request)) return asked.answer;
      reply.hijack();
      startStream(reply.raw);
      streamAnswer(reply.raw, asked);
      return reply;
    },
  );

  app.get(
    '/:companyId/chat/suggestions',
    {
      schema: { tags, params: ChatCompanyParams, response: { 200: ChatSuggestionsSchema } },
      config,
      preHandler: members,
    },
    (request) => suggestQuestions(deps, actorOf(request)),
  );

  app.put(
    '/:companyId/chat/settings',
    {
      schema: { tags, params: ChatCompanyParams, body: ChatSettingsBody, response: { 200: ChatSettingsSchema } },
      config,
      preHandler: admins,
    },
    (request) => setAssistantEnabled(deps, actorOf(request), request.body.enabled),
  );

  app.get(
    '/:companyId/chat/usage',
    { schema: { tags, params: ChatCompanyParams, response: { 200: ChatUsageSchema } }, config, preHandler: admins },
    (request) => getAssistantUsage(deps, actorOf(request)),
  );
}
