import { useState } from 'react';
import { Button } from '@tracemap/ui';
import { getEventSchema } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../../components/api-error';
import { useCompany } from '../../../company-layout/context';
import { useEventDerived } from './use-event-derived';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard) return navigator.clipboard.writeText(text);
  throw new Error('Copying needs clipboard access; select the schema and copy it by hand.');
}

/** The event's schema as JSON Schema (draft-07), ready to paste into a validator or a destination. */
export function JsonSchemaPanel({ eventId, revision }: { eventId: string; revision: number }) {
  const { companyId, info } = useCompany();
  const { data, error } = useEventDerived(
    (signal) => getEventSchema(companyId, eventId, signal),
    [companyId, eventId, revision, info.company.settings.attributeInheritance],
  );
  const [copied, setCopied] = useState<string | null>(null);
  const [copyError, setCopyError] = useState<unknown>(null);
  const text = data ? JSON.stringify(data, null, 2) : '';

  async function copy() {
    setCopyError(null);
    try {
      await copyText(text);
      setCopied('Copied.');
    } catch (err) {
      setCopyError(err);
    }
  }

  return (
    <section className="tp-section" aria-labelledby="schema-title" data-testid="json-schema">
      <div className="co-actions" style={{ justifyContent: 'space-between' }}>
        <h2 id="schema-title" style={{ margin: 0 }}>
          JSON Schema
        </h2>
        <span className="co-actions">
          <span className="tp-hint" role="status">
            {copied}
          </span>
          <Button
            variant="ghost"
            className="tp-small-btn"
            disabled={!data}
            onClick={() => void copy()}
            data-testid="schema-copy"
          >
            Copy
          </Button>
        </span>
      </div>
      <ApiErrorMessage error={error ?? copyError} testId="schema-error" />
      {data ? (
        <pre className="tp-pre" tabIndex={0} aria-label="JSON Schema of this event" data-testid="schema-text">
          {text}
        </pre>
      ) : null}
    </section>
  );
}
