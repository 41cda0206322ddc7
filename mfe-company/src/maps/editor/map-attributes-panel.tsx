import type { AttributeLink } from '@tracemap/shell-core/tracking-plan';
import { EditableContext } from '../../tracking-plan/editor/editable';
import { AttributeLinksEditor } from '../../tracking-plan/links/attribute-links-editor';

/** Attributes every event on this map's views inherits (between the system and the view attributes). */
export function MapAttributesPanel({
  links,
  canEdit,
  onChange,
}: {
  links: AttributeLink[];
  canEdit: boolean;
  onChange: (links: AttributeLink[]) => void;
}) {
  return (
    <section className="tp-section" aria-labelledby="map-attributes-title" data-testid="map-attributes">
      <h2 id="map-attributes-title">Map attributes</h2>
      <p className="tp-hint">
        Every event that fires on a view of this map inherits these, when the company has attribute inheritance on.
      </p>
      <EditableContext.Provider value={canEdit}>
        <AttributeLinksEditor links={links} onChange={onChange} testId="map-attribute-links" />
      </EditableContext.Provider>
    </section>
  );
}
