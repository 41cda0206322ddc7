import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ChatThreadSummary } from '@tracemap/contracts';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { listThreads } from '../api/assistant-api';
import { AssistantStyles } from '../assistant-styles';
import { ChatPanel } from '../components/chat-panel';
import { ThreadList } from '../components/thread-list';
import { useChat } from '../hooks/use-chat';

/** /company/:companyId/assistant: the assistant on a page of its own, with the user's conversations beside it. */
export function AssistantPage() {
  const { companyId } = useCompany();
  const [params, setParams] = useSearchParams();
  const [threads, setThreads] = useState<ChatThreadSummary[]>([]);
  const [listError, setListError] = useState<unknown>(null);

  const reload = useCallback(() => {
    listThreads(companyId).then(
      (answer) => setThreads(answer.items),
      (error: unknown) => setListError(error),
    );
  }, [companyId]);
  const onThreadCreated = useCallback(
    (threadId: string) => {
      setParams({ thread: threadId }, { replace: true });
      reload();
    },
    [reload, setParams],
  );
  const chat = useChat(companyId, onThreadCreated);
  const wanted = params.get('thread');
  const { open, threadId } = chat;

  useEffect(reload, [reload]);
  useEffect(() => {
    if (wanted !== threadId) void open(wanted);
    // Only a change of the address opens another thread; the chat's own new thread is already open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  const select = (id: string | null) => setParams(id ? { thread: id } : {}, { replace: false });

  return (
    <section className="tm-container co-page">
      <AssistantStyles />
      <h1>Assistant</h1>
      <p className="co-muted">
        Answers come from your tracking plan and discovery data, and every figure and link is checked before it is
        shown.
      </p>
      <div className="as-page">
        <div>
          <ThreadList threads={threads} current={threadId} onOpen={select} />
          <ApiErrorMessage error={listError} />
        </div>
        <ChatPanel companyId={companyId} chat={chat} />
      </div>
    </section>
  );
}
