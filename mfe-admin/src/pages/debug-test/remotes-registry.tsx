import { useLoad } from '../../shared/use-load';

/** The remotes registry exactly as this browser receives it. */
export function RemotesRegistry() {
  const registry = useLoad(async () => {
    const res = await fetch('/remotes.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
    return JSON.stringify(await res.json(), null, 2);
  });
  return (
    <div className="adm-section">
      <h2>Remotes registry</h2>
      {registry.error && <p className="adm-error">{registry.error}</p>}
      {registry.data && (
        <pre className="adm-pre" data-testid="remotes-json">
          {registry.data}
        </pre>
      )}
    </div>
  );
}
