import { useEffect, useRef } from 'react';
import { hasEditAccess } from '@tracemap/shell-core/roles';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import type { Chat } from '../hooks/use-chat';
import { useChatStart } from '../hooks/use-chat-start';
import { ChatMessageView } from './chat-message';
import { ChatStart } from './chat-start';
import { QuestionForm } from './question-form';

/** A conversation: its messages as they stream in, a start for an empty one, and the question box. */
export function ChatPanel({ companyId, chat, autoFocus }: { companyId: string; chat: Chat; autoFocus?: boolean }) {
  const { questions, hasSource } = useChatStart(companyId);
  const canApply = hasEditAccess(useCompany().info.role);
  const end = useRef<HTMLDivElement>(null);
  const last = chat.messages.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages.length, last?.content]);

  return (
    <div className="as-panel">
      <div className="as-scroll">
        {chat.messages.length === 0 ? (
          <ChatStart
            companyId={companyId}
            questions={questions}
            hasSource={hasSource}
            busy={chat.busy}
            onAsk={(q) => void chat.ask(q)}
          />
        ) : (
          <ol className="as-messages" role="log" aria-label="Conversation" data-testid="assistant-messages">
            {chat.messages.map((message) => (
              <ChatMessageView
                key={message.id}
                companyId={companyId}
                threadId={chat.threadId}
                message={message}
                canApply={canApply}
              />
            ))}
          </ol>
        )}
        <div ref={end} />
      </div>
      <ApiErrorMessage error={chat.error} testId="assistant-error" />
      <QuestionForm busy={chat.busy} onAsk={(q) => void chat.ask(q)} autoFocus={autoFocus} />
    </div>
  );
}
