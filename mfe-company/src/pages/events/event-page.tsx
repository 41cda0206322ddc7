import { useParams } from 'react-router';
import { EVENT_KINDS, type AttributeLink } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../../company-layout/context';
import { EditorFrame } from '../../tracking-plan/editor/editor-frame';
import { ListField, SelectField, TextField } from '../../tracking-plan/editor/fields';
import { findingsFor } from '../../tracking-plan/editor/findings';
import { HistoryList } from '../../tracking-plan/editor/history-list';
import { NameField } from '../../tracking-plan/editor/name-field';
import { StatusField } from '../../tracking-plan/editor/status-field';
import { useInlineLint } from '../../tracking-plan/editor/use-inline-lint';
import { usePlanEditor } from '../../tracking-plan/editor/use-plan-editor';
import { UsedByPanel } from '../../tracking-plan/editor/used-by';
import { AttributeLinksEditor } from '../../tracking-plan/links/attribute-links-editor';
import { useNameCase } from '../../tracking-plan/plan-settings';
import { EffectiveAttributesPanel } from './effective-attributes';
import { JsonSchemaPanel } from './json-schema-panel';

const SHOWN = ['name', 'displayName', 'description', 'kind', 'category', 'trigger', 'status', 'tags', 'owners', 'attributes'] as const;

/** /company/:companyId/events/:eventId: the event, its attributes, what it inherits and its schema. */
export function EventPage() {
  const { eventId = '' } = useParams();
  const { companyId } = useCompany();
  const editor = usePlanEditor('event', companyId, eventId);
  const nameCase = useNameCase('event');
  const { value, set } = editor;
  const findings = [...editor.serverFindings, ...useInlineLint('event', value ?? {})];
  const at = (field: string) => findingsFor(findings, field);

  return (
    <EditorFrame
      kind="event"
      id={eventId}
      editor={editor}
      shownFields={SHOWN}
      side={
        value ? (
          <>
            <UsedByPanel usedBy={value.usedBy} />
            <HistoryList kind="event" id={eventId} revision={editor.revision} />
          </>
        ) : null
      }
    >
      {value ? (
        <>
          <section className="tp-section" aria-label="Definition">
            <h2>Definition</h2>
            <div className="tp-fields">
              <NameField value={value.name} onChange={(v) => set('name', v)} nameCase={nameCase} findings={at('name')} showRequired />
              <TextField label="Display name" value={value.displayName} onChange={(v) => set('displayName', v)} findings={at('displayName')} maxLength={200} />
              <TextField label="Description" value={value.description} onChange={(v) => set('description', v)} multiline wide findings={at('description')} testId="plan-description" />
              <SelectField label="Kind" value={value.kind} options={EVENT_KINDS} onChange={(v) => set('kind', v)} findings={at('kind')} testId="plan-kind" />
              <TextField label="Category" value={value.category} onChange={(v) => set('category', v)} findings={at('category')} maxLength={100} />
              <TextField label="Fires when" value={value.trigger} onChange={(v) => set('trigger', v)} multiline wide findings={at('trigger')} maxLength={1000} />
            </div>
          </section>
          <section className="tp-section" aria-labelledby="event-attributes-title">
            <h2 id="event-attributes-title">Attributes</h2>
            <AttributeLinksEditor links={value.attributes as AttributeLink[]} onChange={(links) => set('attributes', links)} findings={at('attributes')} />
          </section>
          <EffectiveAttributesPanel eventId={eventId} revision={editor.revision} />
          <JsonSchemaPanel eventId={eventId} revision={editor.revision} />
          <section className="tp-section" aria-label="Organisation">
            <h2>Organisation</h2>
            <div className="tp-fields">
              <StatusField value={value.status} onChange={(v) => set('status', v)} />
              <ListField label="Tags" value={value.tags} onChange={(v) => set('tags', v)} findings={at('tags')} testId="plan-tags" />
              <ListField label="Owners" value={value.owners} onChange={(v) => set('owners', v)} findings={at('owners')} />
            </div>
          </section>
        </>
      ) : null}
    </EditorFrame>
  );
}
