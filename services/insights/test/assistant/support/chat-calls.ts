import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ChatAnswer } from '@tracemap/contracts';
import type { TestUser } from '../../support/harness';

/** What the chat calls need of a harness: a call as a signed-in user. */
interface Caller {
  call(user: TestUser | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A new conversation of `user` in the company; its id. */
export async function startThread(h: Caller, companyId: string, user: TestUser): Promise<string> {
  const response = await h.call(user, { method: 'POST', url: `/api/insights/${companyId}/chat/threads` });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** A question in a conversation, answered as JSON. */
export async function askJson(
  h: Caller,
  companyId: string,
  user: TestUser,
  threadId: string,
  content: string,
): Promise<ChatAnswer> {
  const response = await h.call(user, {
    method: 'POST',
    url: `/api/insights/${companyId}/chat/threads/${threadId}/messages`,
    headers: { accept: 'application/json' },
    payload: { content },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}
