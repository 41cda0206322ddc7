import { Link } from 'react-router';
import {
  getEffectiveAttributes,
  LAYERS,
  type EffectiveAttribute,
  type Layer,
} from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../../components/api-error';
import { useCompany } from '../../../company-layout/context';
import { planPath } from '../../plan-kinds';
import { PresenceBadge } from '../../ui/plan-status-badge';
import { useEventDerived } from './use-event-derived';

const LAYER_TITLES: Record<Layer, string> = {
  system: 'From system attributes (sent with every event)',
  map: 'From maps this event is on',
  view: 'From views this event fires on',
  event: 'The event’s own attributes',
};

/** Which views or maps an inherited attribute came through. */
function via(item: EffectiveAttribute): string {
  const names = item.sources.filter((s) => s.layer === item.layer && s.name).map((s) => s.name);
  return names.length ? `via ${names.join(', ')}` : '';
}

function LayerGroup({ layer, items }: { layer: Layer; items: EffectiveAttribute[] }) {
  const { companyId } = useCompany();
  return (
    <div data-testid={`effective-layer-${layer}`} data-layer={layer}>
      <h3>{LAYER_TITLES[layer]}</h3>
      <table className="tp-links">
        <thead>
          <tr>
            <th>Attribute</th>
            <th>Type</th>
            <th>Presence</th>
            {layer === 'view' || layer === 'map' ? <th>From</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.attribute.id}
              data-testid="effective-attribute"
              data-name={item.attribute.name}
              data-layer={layer}
              data-presence={item.presence}
            >
              <td>
                <Link to={planPath(companyId, 'attribute', item.attribute.id)}>{item.attribute.name}</Link>
              </td>
              <td>
                {item.attribute.type === 'array' && item.attribute.itemType
                  ? `${item.attribute.itemType}[]`
                  : item.attribute.type}
              </td>
              <td>
                <PresenceBadge presence={item.presence} />
              </td>
              {layer === 'view' || layer === 'map' ? <td className="co-muted">{via(item)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Everything the event carries once inheritance is applied, grouped by the layer each attribute came from. */
export function EffectiveAttributesPanel({ eventId, revision }: { eventId: string; revision: number }) {
  const { companyId, info } = useCompany();
  const { data, error } = useEventDerived(
    (signal) => getEffectiveAttributes(companyId, eventId, signal),
    [companyId, eventId, revision, info.company.settings.attributeInheritance],
  );
  return (
    <section className="tp-section" aria-labelledby="effective-title" data-testid="effective-attributes">
      <h2 id="effective-title">Effective attributes</h2>
      <ApiErrorMessage error={error} testId="effective-error" />
      {data ? (
        <>
          <p className="tp-hint" data-testid="effective-inheritance" data-inheritance={data.attributeInheritance}>
            {data.attributeInheritance
              ? 'What this event carries as saved: its own attributes plus those it inherits from the system, its maps and its views.'
              : 'Inheritance is off in the company settings: only the event’s own attributes count.'}
          </p>
          {data.attributes.length === 0 ? <p className="co-muted">No attributes.</p> : null}
          {LAYERS.map((layer) => {
            const items = data.attributes.filter((a) => a.layer === layer);
            return items.length ? <LayerGroup key={layer} layer={layer} items={items} /> : null;
          })}
        </>
      ) : null}
    </section>
  );
}
