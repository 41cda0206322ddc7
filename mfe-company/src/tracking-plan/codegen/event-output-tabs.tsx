import { useState } from 'react';
import { colors } from '@tracemap/ui';
import { JsonSchemaPanel } from '../pages/events/json-schema-panel';
import { EventCodePanel } from './event-code-panel';

const TABS = [
  { id: 'schema', label: 'JSON Schema' },
  { id: 'code', label: 'Code' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const css = `
.cg-tabs{display:flex;gap:4px;border-bottom:1px solid ${colors.border};margin:16px 0 0}
.cg-tabs button{font:inherit;background:none;border:none;border-bottom:2px solid transparent;padding:8px 12px;cursor:pointer;color:${colors.text}}
.cg-tabs button[aria-selected=true]{color:${colors.primaryDark};border-bottom-color:${colors.primary}}
.cg-destination{display:flex;align-items:center;gap:6px}
`;

/** What the event turns into: its JSON Schema, or its typed tracking code. */
export function EventOutputTabs({ eventId, revision }: { eventId: string; revision: number }) {
  const [tab, setTab] = useState<Tab>('schema');
  return (
    <div>
      <style>{css}</style>
      <div className="cg-tabs" role="tablist" aria-label="Event output">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`event-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`event-tabpanel-${t.id}`}
            onClick={() => setTab(t.id)}
            data-testid={`event-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`event-tabpanel-${tab}`} aria-labelledby={`event-tab-${tab}`}>
        {tab === 'schema' ? (
          <JsonSchemaPanel eventId={eventId} revision={revision} />
        ) : (
          <EventCodePanel eventId={eventId} revision={revision} />
        )}
      </div>
    </div>
  );
}
