import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@tracemap/ui';
import { listPlanEntities } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { CreateMapForm } from './create-map-form';
import { duplicateMap, toggleArchived } from './map-actions';
import { MapCard } from './map-card';
import { MapsEmpty } from './maps-empty';
import { useMapList } from './use-map-list';
import { MapStyles } from '../map-styles';
import { useDebounced } from '../../tracking-plan/hooks/use-debounced';
import { ImportDialog, type ImportSource } from '../../tracking-plan/import-export/import-dialog';
import { loadSamplePlan } from '../../tracking-plan/import-export/sample-plan';
import { TrackingPlanStyles } from '../../tracking-plan/tracking-plan-styles';
import { usePlanEditable } from '../../proposals/plan-editable';

/** /company/:companyId/maps: the company's maps, searched as the user types. */
export function MapsPage() {
  const { companyId, reload: reloadCompany } = useCompany();
  const { canEdit } = usePlanEditable();
  const [text, setText] = useState('');
  const [includeArchived, setIncludeArchived] = useState(false);
  const search = useDebounced(text.trim(), 250);
  const query = useMemo(
    () => ({ search: search || undefined, includeArchived: includeArchived || undefined, sort: '-updatedAt' as const }),
    [search, includeArchived],
  );
  const list = useMapList(companyId, query);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [noViews, setNoViews] = useState(false);
  const [sample, setSample] = useState<ImportSource | null>(null);
  const createRef = useRef<HTMLInputElement>(null);
  const empty = list.loaded && list.total === 0 && !search && !includeArchived;

  useEffect(() => {
    if (!empty) return;
    const controller = new AbortController();
    listPlanEntities('view', companyId, { limit: 1 }, controller.signal).then(
      (page) => setNoViews(page.total === 0),
      () => undefined,
    );
    return () => controller.abort();
  }, [empty, companyId]);

  async function act(id: string, action: () => Promise<unknown>) {
    setBusyId(id);
    setActionError(null);
    try {
      await action();
      list.reload();
    } catch (error) {
      setActionError(error);
    } finally {
      setBusyId(null);
    }
  }

  async function startFromSample() {
    setActionError(null);
    try {
      setSample(await loadSamplePlan());
    } catch (error) {
      setActionError(error);
    }
  }

  return (
    <section className="tm-container co-page" data-testid="maps-page" data-editable={canEdit}>
      <TrackingPlanStyles />
      <MapStyles />
      <div className="tp-head">
        <div>
          <h1>Maps</h1>
          <p className="tp-count" aria-live="polite" data-testid="maps-count">
            {list.loaded ? `${list.total.toLocaleString()} ${list.total === 1 ? 'map' : 'maps'}` : 'Loading…'}
          </p>
        </div>
        {canEdit ? <CreateMapForm companyId={companyId} inputRef={createRef} /> : null}
      </div>
      <div className="tp-toolbar">
        <label>
          Search
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search maps…"
            data-testid="maps-search"
          />
        </label>
        <label className="tp-check">
          <input type="checkbox" checked={includeArchived} onChange={(e) => setIncludeArchived(e.target.checked)} />{' '}
          Show archived
        </label>
      </div>
      <ApiErrorMessage error={list.error ?? actionError} testId="maps-error" />
      {empty ? (
        <MapsEmpty
          canEdit={canEdit}
          noViews={noViews}
          onCreate={() => createRef.current?.focus()}
          onSample={() => void startFromSample()}
        />
      ) : list.loaded && list.items.length === 0 ? (
        <p className="co-muted" data-testid="maps-no-match">
          No maps match. {includeArchived ? '' : 'Archived ones are hidden; tick "Show archived" to include them.'}
        </p>
      ) : (
        <div className="mp-list">
          {list.items.map((map) => (
            <MapCard
              key={map.id}
              companyId={companyId}
              map={map}
              canEdit={canEdit}
              busy={busyId === map.id}
              onDuplicate={() => void act(map.id, () => duplicateMap(companyId, map.id))}
              onToggleArchived={() => void act(map.id, () => toggleArchived(companyId, map))}
            />
          ))}
        </div>
      )}
      {list.nextCursor ? (
        <Button variant="ghost" onClick={list.loadMore} disabled={list.loading}>
          {list.loading ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
      {sample ? (
        <ImportDialog
          title="Start from an example"
          initial={sample}
          onClose={() => setSample(null)}
          onImported={() => {
            list.reload();
            void reloadCompany();
          }}
        />
      ) : null}
    </section>
  );
}
