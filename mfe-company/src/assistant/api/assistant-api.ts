import type {
  AppliedDraft,
  ChatSettings,
  ChatSettingsBody,
  ChatSuggestions,
  ChatUsage,
  ChatThread,
  ChatThreadList,
  CreateChatThreadResponse,
  StoredQueryResult,
} from '@tracemap/contracts';
// Through the package's main entry, so the one shared session and error class are used.
import { authedFetch } from '@tracemap/shell-core';

/** The assistant lives under `/api/insights/{companyId}/chat/`. */
export function chatPath(companyId: string, path: string): string {
  return `/api/insights/${encodeURIComponent(companyId)}/chat/${path}`;
}

export function createThread(companyId: string): Promise<CreateChatThreadResponse> {
  return authedFetch(chatPath(companyId, 'threads'), { method: 'POST' });
}

export function listThreads(companyId: string, signal?: AbortSignal): Promise<ChatThreadList> {
  return authedFetch(chatPath(companyId, 'threads'), { signal });
}

export function getThread(companyId: string, threadId: string, signal?: AbortSignal): Promise<ChatThread> {
  return authedFetch(chatPath(companyId, `threads/${encodeURIComponent(threadId)}`), { signal });
}

export function getSuggestions(companyId: string, signal?: AbortSignal): Promise<ChatSuggestions> {
  return authedFetch(chatPath(companyId, 'suggestions'), { signal });
}

/** A source query an answer cited, stored with its rows. */
export function getStoredQuery(companyId: string, queryId: string, signal?: AbortSignal): Promise<StoredQueryResult> {
  return authedFetch(chatPath(companyId, `queries/${encodeURIComponent(queryId)}`), { signal });
}

/** Admins: whether the assistant answers, and the glossary a connected model reads. */
export function getChatSettings(companyId: string, signal?: AbortSignal): Promise<ChatSettings> {
  return authedFetch(chatPath(companyId, 'settings'), { signal });
}

export function updateChatSettings(companyId: string, body: ChatSettingsBody): Promise<ChatSettings> {
  return authedFetch(chatPath(companyId, 'settings'), { method: 'PUT', body });
}

/** Admins: questions and conversations per day over the last 30 days. */
export function getChatUsage(companyId: string, signal?: AbortSignal): Promise<ChatUsage> {
  return authedFetch(chatPath(companyId, 'usage'), { signal });
}

/** Editors: a change the assistant drafted goes into its draft proposal (once; again answers the same). */
export function applyDraft(companyId: string, threadId: string, toolCallId: string): Promise<AppliedDraft> {
  return authedFetch(
    chatPath(companyId, `threads/${encodeURIComponent(threadId)}/drafts/${encodeURIComponent(toolCallId)}/apply`),
    { method: 'POST' },
  );
}
