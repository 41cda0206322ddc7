import { useParams } from 'react-router';
import {
  ATTRIBUTE_SCOPES,
  ATTRIBUTE_TYPES,
  ITEM_TYPES,
  type AttributeType,
  type ItemType,
  type Validation,
} from '@tracemap/shell-core/tracking-plan';
import { NamingFields, OrganisationSection, PlanEntityPage } from '../../editor/entity-page';
import { CheckField, SelectField, TextField } from '../../editor/fields';
import { findingsFor, FindingList } from '../../editor/findings';
import { ValidationEditor } from '../../editor/validation-editor';
import { useNameCase } from '../../plan-settings';

const SHOWN = [
  'name',
  'displayName',
  'description',
  'scope',
  'type',
  'itemType',
  'origin',
  'validation',
  'tags',
  'owners',
  'status',
] as const;

/** /company/:companyId/attributes/:attributeId: one attribute, editable by creators and up. */
export function AttributePage() {
  const { attributeId = '' } = useParams();
  const nameCase = useNameCase('attribute');
  return (
    <PlanEntityPage kind="attribute" id={attributeId} shownFields={SHOWN}>
      {({ value, set, at, editor }) => (
        <>
          <section className="tp-section" aria-label="Definition">
            <h2>Definition</h2>
            <div className="tp-fields">
              <NamingFields value={value} set={(field, text) => set(field, text)} at={at} nameCase={nameCase} />
              <SelectField
                label="Scope"
                value={value.scope}
                options={ATTRIBUTE_SCOPES}
                onChange={(v) => set('scope', v)}
                findings={at('scope')}
                testId="plan-scope"
              />
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
                <SelectField
                  label="Item type"
                  value={value.itemType ?? 'string'}
                  options={ITEM_TYPES}
                  onChange={(v) => set('itemType', v)}
                  findings={at('itemType')}
                />
              ) : null}
              <TextField
                label="Origin"
                value={value.origin}
                onChange={(v) => set('origin', v)}
                placeholder="e.g. dataLayer.page.category"
                findings={at('origin')}
                maxLength={500}
              />
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
              <CheckField
                label="Nullable"
                checked={value.nullable}
                onChange={(v) => set('nullable', v)}
                hint="null is an accepted value"
              />
              <CheckField label="Personal data (PII)" checked={value.pii} onChange={(v) => set('pii', v)} />
              <CheckField
                label="Exposed"
                checked={value.exposed}
                onChange={(v) => set('exposed', v)}
                hint="Hidden from viewers, maps and shared links when off"
              />
            </div>
          </section>
          <OrganisationSection
            value={value}
            at={at}
            onStatus={(v) => set('status', v)}
            onTags={(v) => set('tags', v)}
            onOwners={(v) => set('owners', v)}
          />
        </>
      )}
    </PlanEntityPage>
  );
}
