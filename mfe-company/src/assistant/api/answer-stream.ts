import type { ChatAnswer, ChatReference, ChatToolCall } from '@tracemap/contracts';
import { ApiError, currentAccessToken, handleUnauthorized, toApiError } from '@tracemap/shell-core';
import { parseSse } from '../logic/sse';
import { chatPath } from './assistant-api';

export interface StreamHandlers {
  delta(text: string): void;
  tool(call: ChatToolCall): void;
  reference(reference: ChatReference): void;
}

/**
 * Asks a question and reads the answer as it streams. fetch with a reader
 * rather than EventSource, which can neither POST nor send the session's
 * bearer token. Resolves with the checked answer the `done` event carries;
 * a stream that ends without it failed on the way.
 */
export async function streamAnswer(
  companyId: string,
  threadId: string,
  content: string,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<ChatAnswer> {
  const token = await currentAccessToken();
  const response = await fetch(chatPath(companyId, `threads/${encodeURIComponent(threadId)}/messages`), {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ content }),
    signal,
  });
  if (!response.ok || !response.body) {
    const error = await toApiError(response);
    if (error.statusCode === 401) await handleUnauthorized(error.message);
    throw error;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const parsed = parseSse(buffer + value);
    buffer = parsed.rest;
    for (const { event, data } of parsed.events) {
      if (event === 'delta') handlers.delta((data as { text: string }).text);
      else if (event === 'tool') handlers.tool(data as ChatToolCall);
      else if (event === 'reference') handlers.reference(data as ChatReference);
      else if (event === 'done') return data as ChatAnswer;
    }
  }
  throw new ApiError(502, 'stream_ended', 'The answer stopped before it was finished. Try again.');
}
