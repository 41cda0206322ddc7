import type { MapPreview } from '@tracemap/shell-core/tracking-plan';

/** The attributes the map uses, beside it. Through a public link the server sends exposed ones only. */
export function AttributeList({ preview, shared }: { preview: MapPreview; shared: boolean }) {
  const { attributes } = preview;
  return (
    <aside className="mp-side" aria-label="Attributes" data-testid="map-attributes">
      <h2>Attributes ({attributes.length})</h2>
      {shared ? <p className="mp-muted">Shown through a public link: exposed attributes only.</p> : null}
      {attributes.length === 0 ? (
        <p className="mp-muted">This map uses no attributes{shared ? ' that are exposed' : ''}.</p>
      ) : null}
      <ul>
        {attributes.map((a) => (
          <li key={a.id} data-testid="map-attribute" data-name={a.name}>
            <code>{a.name}</code> <span className="mp-muted">{a.type}</span>
            {!a.exposed ? <span className="mp-muted"> · not exposed</span> : null}
            {a.mapPresence ? <span className="mp-muted"> · map ({a.mapPresence})</span> : null}
            <small>
              {a.scope} scope{a.description ? ` — ${a.description}` : ''}
            </small>
          </li>
        ))}
      </ul>
    </aside>
  );
}
