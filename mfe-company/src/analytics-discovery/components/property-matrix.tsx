import type { ObservedEventItem } from '@tracemap/contracts';
import { splitKey } from '../logic/type-splits';
import { presencePercent } from '../logic/type-bars';
import { TypeBar } from './type-bar';

/** Per property of one event: how often it was there and the types it came in. */
export function PropertyMatrix({
  event,
  typeSplits,
}: {
  event: ObservedEventItem;
  typeSplits: ReadonlyMap<string, string>;
}) {
  if (event.match === 'planned_unseen') {
    return <p className="co-muted">This planned event has not been seen in the traffic yet.</p>;
  }
  if (event.properties.length === 0) {
    return <p className="co-muted">This event came without properties.</p>;
  }
  return (
    <table className="ad-matrix" data-testid="property-matrix">
      <thead>
        <tr>
          <th scope="col">Property</th>
          <th scope="col">Types</th>
          <th scope="col">Presence</th>
        </tr>
      </thead>
      <tbody>
        {event.properties.map((p) => (
          <tr key={p.path} data-testid="property-row" data-path={p.path}>
            <td>
              <code>{p.path}</code>
            </td>
            <td>
              <TypeBar types={p.types} since={typeSplits.get(splitKey(event.name, p.path))} />
            </td>
            <td className="ad-presence" data-testid="property-presence">
              {presencePercent(p.presence, event.volume)} %
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
