import { useParams } from 'react-router';
import { ATTRIBUTE_SCOPES, ATTRIBUTE_TYPES, ITEM_TYPES, type AttributeType, type ItemType, type Validation } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../../company-layout/context';
import { EditorFrame } from '../../tracking-plan/editor/editor-frame';
import { CheckField, ListField, SelectField, TextField } from '../../tracking-plan/editor/fields';
import { findingsFor, FindingList } from '../../tracking-plan/editor/findings';
import { HistoryList } from '../../tracking-plan/editor/history-list';
import { NameField } from '../../tracking-plan/editor/name-field';
import { StatusField } from '../../tracking-plan/editor/status-field';
import { useInlineLint } from '../../tracking-plan/editor/use-inline-lint';
import { usePlanEditor } from '../../tracking-plan/editor/use-plan-editor';
import { UsedByPanel } from '../../tracking-plan/editor/used-by';
import { useNameCase } from '../../tracking-plan/plan-settings';
import { ValidationEditor } from '../../tracking-plan/editor/validation-editor';

const SHOWN = ['name', 'displayName', 'description', 'scope', 'type', 'itemType', 'origin', 'validation', 'tags', 'owners', 'status'] as const;

/** /company/:companyId/attributes/:attributeId: one attribute, editable by creators and up. */
export function AttributePage() {
  const { attributeId = '' } = useParams();
  const { companyId } = useCompany();
  const editor = usePlanEditor('attribute', companyId, attributeId);
  const nameCase = useNameCase('attribute');
  const { value, set } = editor;
  const findings = [...editor.serverFindings, ...useInlineLint('attribute', value ?? {})];
  const at = (field: string) => findingsFor(findings, field);

  return (
    <EditorFrame
      kind="attribute"
      id={attributeId}
      editor={editor}
      shownFields={SHOWN}
      side={
        value ? (
          <>
            <UsedByPanel usedBy={value.usedBy} />
            <HistoryList kind="attribute" id={attributeId} revision={editor.revision} />
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
              <SelectField label="Scope" value={value.scope} options={ATTRIBUTE_SCOPES} onChange={(v) => set('scope', v)} findings={at('scope')} testId="plan-scope" />
              <SelectField
                label="Type"
                value={value.type}
                options={ATTRIBUTE_TYPES}
                onChange={(v) => {
                  set('type', v);
                  set('itemType', v === 'array' ? (value.itemType ?? 'string') : null);
                }}
                findings={at('type')}
                testId="plan-type"
              />
              {value.type === 'array' ? (
                <SelectField label="Item type" value={value.itemType ?? 'string'} options={ITEM_TYPES} onChange={(v) => set('itemType', v)} findings={at('itemType')} />
              ) : null}
              <TextField label="Origin" value={value.origin} onChange={(v) => set('origin', v)} placeholder="e.g. dataLayer.page.category" findings={at('origin')} maxLength={500} />
            </div>
          </section>
          <section className="tp-section" aria-label="Validation">
            <h2>Validation</h2>
            <ValidationEditor
              value={value.validation as Validation}
              type={value.type as AttributeType}
              itemType={value.itemType as ItemType | null}
              onChange={(v) => set('validation', v)}
            />
            {/* The editor lists its own problems as the user types; only what the server refused is added here. */}
            <FindingList findings={findingsFor(editor.serverFindings, 'validation')} />
          </section>
          <section className="tp-section" aria-label="Handling">
            <h2>Handling</h2>
            <div className="tp-fields">
              <CheckField label="Nullable" checked={value.nullable} onChange={(v) => set('nullable', v)} hint="null is an accepted value" />
              <CheckField label="Personal data (PII)" checked={value.pii} onChange={(v) => set('pii', v)} />
              <CheckField label="Exposed" checked={value.exposed} onChange={(v) => set('exposed', v)} hint="Hidden from viewers, maps and shared links when off" />
            </div>
          </section>
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
