import { useCallback, useRef, useState } from 'react';
import type { ChatGrounding, ChatMessage, ChatReference, ChatToolCall, AnswerMode } from '@tracemap/contracts';
import { createThread, getThread } from '../api/assistant-api';
import { streamAnswer } from '../api/answer-stream';

/** A message as the chat shows it; an answer still streaming has `streaming` set and no grounding yet. */
export interface ShownMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  references: ChatReference[];
  grounding: ChatGrounding | null;
  mode: AnswerMode | null;
  /** The answer's tool calls; drafted changes among them show as cards. */
  toolCalls: ChatToolCall[];
  streaming?: boolean;
}

const toShown = (m: ChatMessage): ShownMessage => ({
  id: m.id,
  role: m.role,
  content: m.content,
  references: m.references,
  grounding: m.grounding,
  mode: m.mode,
  toolCalls: m.toolCalls,
});

let localIds = 0;
const localId = (prefix: string) => `${prefix}-${++localIds}`;

/**
 * One conversation: its thread (created with the first question), its
 * messages, and the answer streaming in. `onThreadCreated` lets a page list
 * the new thread.
 */
export function useChat(companyId: string, onThreadCreated?: (threadId: string) => void) {
  const [threadId, setThreadId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const running = useRef<AbortController | null>(null);

  const patch = (id: string, change: (m: ShownMessage) => ShownMessage) =>
    setMessages((all) => all.map((m) => (m.id === id ? change(m) : m)));

  const ask = useCallback(
    async (question: string) => {
      const content = question.trim();
      if (!content || running.current) return;
      const controller = new AbortController();
      running.current = controller;
      setBusy(true);
      setError(null);
      const pendingId = localId('answer');
      setMessages((all) => [
        ...all,
        { id: localId('question'), role: 'user', content, references: [], grounding: null, mode: null, toolCalls: [] },
        {
          id: pendingId,
          role: 'assistant',
          content: '',
          references: [],
          grounding: null,
          mode: null,
          toolCalls: [],
          streaming: true,
        },
      ]);
      try {
        let id = threadId;
        if (!id) {
          id = (await createThread(companyId)).id;
          setThreadId(id);
          onThreadCreated?.(id);
        }
        const answer = await streamAnswer(
          companyId,
          id,
          content,
          {
            delta: (text) => patch(pendingId, (m) => ({ ...m, content: m.content + text })),
            tool: (call) => patch(pendingId, (m) => ({ ...m, toolCalls: [...m.toolCalls, call] })),
            reference: (reference) => patch(pendingId, (m) => ({ ...m, references: [...m.references, reference] })),
          },
          controller.signal,
        );
        // The checked answer replaces what streamed: struck numbers and removed citations show as checked.
        patch(pendingId, (m) => ({ ...answer, role: 'assistant', toolCalls: m.toolCalls }));
      } catch (caught) {
        setMessages((all) => all.filter((m) => m.id !== pendingId));
        if (!controller.signal.aborted) setError(caught);
      } finally {
        running.current = null;
        setBusy(false);
      }
    },
    [companyId, threadId, onThreadCreated],
  );

  const open = useCallback(
    async (id: string | null) => {
      running.current?.abort();
      setError(null);
      setThreadId(id);
      setMessages([]);
      if (!id) return;
      try {
        setMessages((await getThread(companyId, id)).messages.map(toShown));
      } catch (caught) {
        setError(caught);
      }
    },
    [companyId],
  );

  return { threadId, messages, busy, error, ask, open };
}

export type Chat = ReturnType<typeof useChat>;
