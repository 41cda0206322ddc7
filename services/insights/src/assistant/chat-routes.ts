import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AppliedDraft,
  ChatAnswerSchema,
  ChatDraftParams,
  ChatCompanyParams,
  ChatQueryParams,
  ChatSettingsBody,
  ChatSettingsSchema,
  ChatSuggestionsSchema,
  ChatThreadList,
  ChatThreadParams,
  ChatThreadSchema,
  ChatUsageSchema,
  CreateChatThreadResponse,
  PostChatMessageBody,
  StoredQueryResult,
} from '@tracemap/contracts';
import { actorOf, companyAccess } from '../core/company-access';
import type { InsightsDeps } from '../deps';
import { applyDraftedChange } from './apply-drafted-change';
import { acceptQuestion, answerQuestion } from './ask-question';
import { getAssistantSettings, getAssistantUsage, updateAssistantSettings } from './chat-settings';
import { finishStream, startStream, streamAnswer, writeEvent } from './chat-stream';
import { createThread } from './create-thread';
import { getThread } from './get-thread';
import { listThreads } from './list-threads';
import { getQueryResult } from './queries/get-query-result';
import { suggestQuestions } from './suggest-questions';

const tags = ['assistant'];
const config = { failureMessage: 'The assistant could not answer. Try again later.' };

const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/**
 * The assistant's chat for members (their own threads only), applying its drafted changes for
 * editors, and its switch and usage for admins.
 */
export async function chatRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const members = companyAccess(deps, { access: 'member' });
  // Asking stores a conversation, so like discovery's writes it needs a running subscription; reading does not.
  const askers = companyAccess(deps, { access: 'member', paid: true });
  const admins = companyAccess(deps, { access: 'admin' });
  // Applying a draft writes to the plan (into a proposal): editors, with a running subscription like triage.
  const editors = companyAccess(deps, { access: 'edit', paid: true });

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
      if (!wantsStream(request)) return (await answerQuestion(deps, actor, threadId, content)).answer;
      reply.hijack();
      startStream(reply.raw);
      try {
        // A model's tool calls and checked text go out as they come; an offline answer is sent whole.
        const asked = await answerQuestion(deps, actor, threadId, content, {
          delta: (text) => writeEvent(reply.raw, 'delta', { text }),
          tool: (call) => writeEvent(reply.raw, 'tool', call),
        });
        if (asked.answer.mode === 'model') finishStream(reply.raw, asked);
        else streamAnswer(reply.raw, asked);
      } catch (error) {
        // The status is sent; a stream without `done` tells the client the answer failed.
        request.log.error({ err: error }, 'the answer stream failed');
        reply.raw.end();
      }
      return reply;
    },
  );

  app.post(
    '/:companyId/chat/threads/:threadId/drafts/:toolCallId/apply',
    {
      schema: { tags, params: ChatDraftParams, response: { 200: AppliedDraft } },
      config: { failureMessage: 'Could not add the change to a proposal. Try again later.' },
      preHandler: editors,
    },
    (request) =>
      applyDraftedChange(
        deps,
        { ...actorOf(request), requestId: request.id },
        request.params.threadId,
        request.params.toolCallId,
      ),
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
    (request) => updateAssistantSettings(deps, actorOf(request), request.body),
  );

  app.get(
    '/:companyId/chat/settings',
    { schema: { tags, params: ChatCompanyParams, response: { 200: ChatSettingsSchema } }, config, preHandler: admins },
    (request) => getAssistantSettings(deps, actorOf(request)),
  );

  // A query result an answer cites, shown as a table; only its conversation's owner reads it.
  app.get(
    '/:companyId/chat/queries/:queryId',
    { schema: { tags, params: ChatQueryParams, response: { 200: StoredQueryResult } }, config, preHandler: members },
    (request) => getQueryResult(deps, actorOf(request), request.params.queryId),
  );

  app.get(
    '/:companyId/chat/usage',
    { schema: { tags, params: ChatCompanyParams, response: { 200: ChatUsageSchema } }, config, preHandler: admins },
    (request) => getAssistantUsage(deps, actorOf(request)),
  );
}
