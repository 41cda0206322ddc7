import { useEffect, useId, useState } from 'react';
import type { ChatSettings, ChatUsage } from '@tracemap/contracts';
import { Button } from '@tracemap/ui';
import { ApiErrorMessage } from '../../components/api-error';
import { useAction } from '../../hooks/use-action';
import { getChatSettings, getChatUsage, updateChatSettings } from '../api/assistant-api';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Owners and admins: switch the assistant on or off, keep the company's glossary, and see how much it is used. */
export function AssistantSettings({ companyId }: { companyId: string }) {
  const [settings, setSettings] = useState<ChatSettings | null>(null);
  const [glossary, setGlossary] = useState('');
  const [usage, setUsage] = useState<ChatUsage | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useAction();
  const glossaryId = useId();

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getChatSettings(companyId, controller.signal), getChatUsage(companyId, controller.signal)]).then(
      ([read, used]) => {
        setSettings(read);
        setGlossary(read.glossary);
        setUsage(used);
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setLoadError(caught);
      },
    );
    return () => controller.abort();
  }, [companyId]);

  const save = async (change: { enabled?: boolean; glossary?: string }) => {
    if (!settings) return;
    setSaved(false);
    // The switch moves at once; a refusal puts it back.
    const before = settings;
    if (change.enabled !== undefined) setSettings({ ...settings, enabled: change.enabled });
    const next = await run(() => updateChatSettings(companyId, change));
    setSettings(next ?? before);
    if (next) setSaved(true);
  };

  if (loadError) return <ApiErrorMessage error={loadError} />;
  if (!settings || !usage) return <p className="co-muted">Loading the assistant’s settings…</p>;
  const questions = usage.days.reduce((sum, day) => sum + day.messages, 0);
  const threads = usage.days.reduce((sum, day) => sum + day.threads, 0);
  return (
    <section className="co-card" aria-labelledby="assistant-settings-title" data-testid="assistant-settings">
      <h2 id="assistant-settings-title">Assistant</h2>
      <label className="co-actions">
        <input
          type="checkbox"
          checked={settings.enabled}
          disabled={busy}
          onChange={(event) => void save({ enabled: event.target.checked })}
          data-testid="assistant-enabled"
        />
        Members can ask the assistant about the plan and discovery data
      </label>
      <form
        className="co-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save({ glossary });
        }}
      >
        <label htmlFor={glossaryId}>Glossary a connected model always reads</label>
        <textarea
          id={glossaryId}
          rows={4}
          maxLength={4000}
          value={glossary}
          onChange={(event) => setGlossary(event.target.value)}
          placeholder="A lead is… GMV means…"
        />
        <div>
          <Button type="submit" variant="ghost" disabled={busy || glossary === settings.glossary}>
            Save glossary
          </Button>
        </div>
      </form>
      <ApiErrorMessage error={error} />
      {saved ? (
        <p className="co-ok" role="status">
          Assistant settings saved.
        </p>
      ) : null}
      <p data-testid="assistant-usage">
        Last 30 days: <strong>{plural(questions, 'question')}</strong> in{' '}
        <strong>{plural(threads, 'new conversation')}</strong>.
      </p>
    </section>
  );
}
