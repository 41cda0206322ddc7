import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getPlanEntity, type AttributeLink, type ViewDetail } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { EditableContext } from '../../tracking-plan/editor/editable';
import { AttributeLinksEditor } from '../../tracking-plan/links/attribute-links-editor';
import { planPath } from '../../tracking-plan/plan-kinds';
import { useMapEditorStore } from './map-store';

/**
 * The clicked view's details, read-only here (the view's own page edits them). Attributes not
 * exposed are already left out by the server for people who may not see them.
 */
export function NodePanel({ companyId, viewId }: { companyId: string; viewId: string }) {
  const [view, setView] = useState<ViewDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const eventNames = useMapEditorStore((s) => s.eventNames);

  useEffect(() => {
    const controller = new AbortController();
    setView(null);
    setError(null);
    getPlanEntity('view', companyId, viewId, controller.signal).then(
      setView,
      (err) => !controller.signal.aborted && setError(err),
    );
    return () => controller.abort();
  }, [companyId, viewId]);

  return (
    <section className="tp-section" aria-labelledby="map-node-title" data-testid="map-node-panel">
      <h2 id="map-node-title">{view?.name ?? 'View'}</h2>
      <ApiErrorMessage error={error} />
      {view ? (
        <>
          <dl className="mp-dl">
            <dt>Type</dt>
            <dd>{view.type}</dd>
            {view.urlPattern ? (
              <>
                <dt>URL</dt>
                <dd>
                  <code>{view.urlPattern}</code>
                </dd>
              </>
            ) : null}
            <dt>Status</dt>
            <dd>{view.status}</dd>
          </dl>
          {view.description ? (
            <p className="tp-hint" style={{ marginTop: 8 }}>
              {view.description}
            </p>
          ) : null}
          <h3>Attributes</h3>
          <EditableContext.Provider value={false}>
            <AttributeLinksEditor
              links={view.attributes as AttributeLink[]}
              onChange={() => undefined}
              testId="map-node-attributes"
            />
          </EditableContext.Provider>
          <h3>Events on this view</h3>
          {view.events.length === 0 ? <p className="co-muted">None yet.</p> : null}
          <ul>
            {view.events.map((e) => (
              <li key={e.eventId}>
                <Link to={planPath(companyId, 'event', e.eventId)}>{eventNames[e.eventId] ?? 'An event'}</Link>
                {e.trigger ? <span className="tp-sub">{e.trigger}</span> : null}
              </li>
            ))}
          </ul>
          <p>
            <Link to={planPath(companyId, 'view', viewId)} data-testid="map-node-open">
              Open the view page →
            </Link>
          </p>
        </>
      ) : error ? null : (
        <p className="co-muted">Loading…</p>
      )}
    </section>
  );
}
