import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useChat } from '../hooks/use-chat';
import { AssistantStyles } from '../assistant-styles';
import { ChatPanel } from './chat-panel';

/**
 * The assistant beside every company page, opened from a button on the company name's line
 * (in the flow of that line, so it covers nothing and takes no room from the page). It lives in the company layout, so
 * its conversation stays while the user follows a reference to another page.
 * Escape closes it and gives focus back to the button that opened it.
 */
export function AssistantDrawer({ companyId }: { companyId: string }) {
  const [open, setOpen] = useState(false);
  const chat = useChat(companyId);
  const opener = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const onFullPage = pathname.replace(/\/$/, '').endsWith('/assistant');

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      opener.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (onFullPage) return null;
  return (
    <>
      <AssistantStyles />
      <button
        ref={opener}
        type="button"
        className="as-opener"
        aria-expanded={open}
        aria-controls="assistant-drawer"
        onClick={() => setOpen((v) => !v)}
        data-testid="assistant-open"
      >
        {open ? 'Close assistant' : 'Ask the assistant'}
      </button>
      {open ? (
        <aside id="assistant-drawer" className="as-drawer" aria-label="Assistant" data-testid="assistant-drawer">
          <header className="as-drawer-head">
            <h2>Assistant</h2>
            <div className="co-actions">
              {chat.messages.length > 0 ? (
                <button type="button" className="as-link" onClick={() => void chat.open(null)}>
                  New conversation
                </button>
              ) : null}
              <Link
                className="as-link"
                to={`/company/${encodeURIComponent(companyId)}/assistant${chat.threadId ? `?thread=${chat.threadId}` : ''}`}
              >
                Full page
              </Link>
              <button
                type="button"
                className="as-link"
                aria-label="Close the assistant"
                onClick={() => {
                  setOpen(false);
                  opener.current?.focus();
                }}
              >
                ✕
              </button>
            </div>
          </header>
          <ChatPanel companyId={companyId} chat={chat} autoFocus />
        </aside>
      ) : null}
    </>
  );
}
