import { useParams } from 'react-router';
import { VIEW_TYPES, type AttributeLink, type ViewEventLink } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../../company-layout/context';
import { EditorFrame } from '../../tracking-plan/editor/editor-frame';
import { ListField, SelectField, TextField } from '../../tracking-plan/editor/fields';
import { findingsFor, FindingList } from '../../tracking-plan/editor/findings';
import { HistoryList } from '../../tracking-plan/editor/history-list';
import { NameField } from '../../tracking-plan/editor/name-field';
import { StatusField } from '../../tracking-plan/editor/status-field';
import { useInlineLint } from '../../tracking-plan/editor/use-inline-lint';
import { usePlanEditor } from '../../tracking-plan/editor/use-plan-editor';
import { UsedByPanel } from '../../tracking-plan/editor/used-by';
import { AttributeLinksEditor } from '../../tracking-plan/links/attribute-links-editor';
import { EventLinksEditor } from '../../tracking-plan/links/event-links-editor';

const SHOWN = ['name', 'displayName', 'description', 'type', 'urlPattern', 'screenshotUrl', 'status', 'tags', 'attributes', 'events'] as const;

/** /company/:companyId/views/:viewId: a page, screen or modal, its attributes and the events that fire on it. */
export function ViewPage() {
  const { viewId = '' } = useParams();
  const { companyId } = useCompany();
  const editor = usePlanEditor('view', companyId, viewId);
  const { value, set } = editor;
  const findings = [...editor.serverFindings, ...useInlineLint('view', value ?? {})];
  const at = (field: string) => findingsFor(findings, field);

  return (
    <EditorFrame
      kind="view"
      id={viewId}
      editor={editor}
      shownFields={SHOWN}
      side={
        value ? (
          <>
            <UsedByPanel usedBy={value.usedBy} />
            <HistoryList kind="view" id={viewId} revision={editor.revision} />
          </>
        ) : null
      }
    >
      {value ? (
        <>
          <section className="tp-section" aria-label="Definition">
            <h2>Definition</h2>
            <div className="tp-fields">
              <NameField value={value.name} onChange={(v) => set('name', v)} nameCase={null} findings={at('name')} showRequired />
              <TextField label="Display name" value={value.displayName} onChange={(v) => set('displayName', v)} findings={at('displayName')} maxLength={200} />
              <TextField label="Description" value={value.description} onChange={(v) => set('description', v)} multiline wide findings={at('description')} testId="plan-description" />
              <SelectField label="Type" value={value.type} options={VIEW_TYPES} onChange={(v) => set('type', v)} findings={at('type')} testId="plan-type" />
              <TextField label="URL pattern" value={value.urlPattern} onChange={(v) => set('urlPattern', v)} placeholder="/checkout/:step" findings={at('urlPattern')} maxLength={500} />
              <TextField
                label="Screenshot URL"
                value={value.screenshotUrl ?? ''}
                onChange={(v) => set('screenshotUrl', v.trim() ? v.trim() : null)}
                placeholder="https://…"
                findings={at('screenshotUrl')}
                wide
              />
            </div>
          </section>
          <section className="tp-section" aria-labelledby="view-attributes-title">
            <h2 id="view-attributes-title">View attributes</h2>
            <p className="tp-hint">Every event that fires on this view inherits these.</p>
            <AttributeLinksEditor links={value.attributes as AttributeLink[]} onChange={(links) => set('attributes', links)} scope="view" findings={at('attributes')} testId="view-attribute-links" />
          </section>
          <section className="tp-section" aria-labelledby="view-events-title">
            <h2 id="view-events-title">Events on this view</h2>
            <FindingList findings={at('events')} />
            <EventLinksEditor links={value.events as ViewEventLink[]} onChange={(links) => set('events', links)} />
          </section>
          <section className="tp-section" aria-label="Organisation">
            <h2>Organisation</h2>
            <div className="tp-fields">
              <StatusField value={value.status} onChange={(v) => set('status', v)} />
              <ListField label="Tags" value={value.tags} onChange={(v) => set('tags', v)} findings={at('tags')} testId="plan-tags" />
            </div>
          </section>
        </>
      ) : null}
    </EditorFrame>
  );
}
