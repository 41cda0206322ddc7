import { useParams } from 'react-router';
import { EVENT_KINDS, type AttributeLink } from '@tracemap/shell-core/tracking-plan';
import { NamingFields, OrganisationSection, PlanEntityPage } from '../../editor/entity-page';
import { SelectField, TextField } from '../../editor/fields';
import { AttributeLinksEditor } from '../../links/attribute-links-editor';
import { useNameCase } from '../../plan-settings';
import { EffectiveAttributesPanel } from './effective-attributes';
import { EventOutputTabs } from '../../codegen/event-output-tabs';

const SHOWN = [
  'name',
  'displayName',
  'description',
  'kind',
  'category',
  'trigger',
  'status',
  'tags',
  'owners',
  'attributes',
] as const;

/** /company/:companyId/events/:eventId: the event, its attributes, what it inherits, its schema and its typed code. */
export function EventPage() {
  const { eventId = '' } = useParams();
  const nameCase = useNameCase('event');
  return (
    <PlanEntityPage kind="event" id={eventId} shownFields={SHOWN}>
      {({ value, set, at, editor }) => (
        <>
          <section className="tp-section" aria-label="Definition">
            <h2>Definition</h2>
            <div className="tp-fields">
              <NamingFields value={value} set={(field, text) => set(field, text)} at={at} nameCase={nameCase} />
              <SelectField
                label="Kind"
                value={value.kind}
                options={EVENT_KINDS}
                onChange={(v) => set('kind', v)}
                findings={at('kind')}
                testId="plan-kind"
              />
              <TextField
                label="Category"
                value={value.category}
                onChange={(v) => set('category', v)}
                findings={at('category')}
                maxLength={100}
              />
              <TextField
                label="Fires when"
                value={value.trigger}
                onChange={(v) => set('trigger', v)}
                multiline
                wide
                findings={at('trigger')}
                maxLength={1000}
              />
            </div>
          </section>
          <section className="tp-section" aria-labelledby="event-attributes-title">
            <h2 id="event-attributes-title">Attributes</h2>
            <AttributeLinksEditor
              links={value.attributes as AttributeLink[]}
              onChange={(links) => set('attributes', links)}
              findings={at('attributes')}
            />
          </section>
          <EffectiveAttributesPanel eventId={eventId} revision={editor.revision} />
          <EventOutputTabs eventId={eventId} revision={editor.revision} />
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
