import { useParams } from 'react-router';
import { VIEW_TYPES, type AttributeLink, type ViewEventLink } from '@tracemap/shell-core/tracking-plan';
import { NamingFields, OrganisationSection, PlanEntityPage } from '../../editor/entity-page';
import { SelectField, TextField } from '../../editor/fields';
import { FindingList } from '../../editor/findings';
import { AttributeLinksEditor } from '../../links/attribute-links-editor';
import { EventLinksEditor } from '../../links/event-links-editor';

const SHOWN = [
  'name',
  'displayName',
  'description',
  'type',
  'urlPattern',
  'screenshotUrl',
  'status',
  'tags',
  'attributes',
  'events',
] as const;

/** /company/:companyId/views/:viewId: a page, screen or modal, its attributes and the events that fire on it. */
export function ViewPage() {
  const { viewId = '' } = useParams();
  return (
    <PlanEntityPage kind="view" id={viewId} shownFields={SHOWN}>
      {({ value, set, at }) => (
        <>
          <section className="tp-section" aria-label="Definition">
            <h2>Definition</h2>
            <div className="tp-fields">
              <NamingFields value={value} set={(field, text) => set(field, text)} at={at} nameCase={null} />
              <SelectField
                label="Type"
                value={value.type}
                options={VIEW_TYPES}
                onChange={(v) => set('type', v)}
                findings={at('type')}
                testId="plan-type"
              />
              <TextField
                label="URL pattern"
                value={value.urlPattern}
                onChange={(v) => set('urlPattern', v)}
                placeholder="/checkout/:step"
                findings={at('urlPattern')}
                maxLength={500}
              />
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
            <AttributeLinksEditor
              links={value.attributes as AttributeLink[]}
              onChange={(links) => set('attributes', links)}
              scope="view"
              findings={at('attributes')}
              testId="view-attribute-links"
            />
          </section>
          <section className="tp-section" aria-labelledby="view-events-title">
            <h2 id="view-events-title">Events on this view</h2>
            <FindingList findings={at('events')} />
            <EventLinksEditor links={value.events as ViewEventLink[]} onChange={(links) => set('events', links)} />
          </section>
          <OrganisationSection
            value={value}
            at={at}
            onStatus={(v) => set('status', v)}
            onTags={(v) => set('tags', v)}
          />
        </>
      )}
    </PlanEntityPage>
  );
}
