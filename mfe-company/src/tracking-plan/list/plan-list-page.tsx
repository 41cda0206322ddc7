import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@tracemap/ui';
import { type EntityKind, type PlanEntity, type PlanEntityTypes } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { CreateDialog } from '../create/create-dialog';
import { useDebounced } from '../hooks/use-debounced';
import { useHotkey } from '../hooks/use-hotkey';
import { ExportMenu } from '../import-export/export-menu';
import { ImportDialog, type ImportSource } from '../import-export/import-dialog';
import { LintDialog } from '../import-export/lint-dialog';
import { loadSamplePlan } from '../import-export/sample-plan';
import { KINDS } from '../plan-kinds';
import { TrackingPlanStyles } from '../tracking-plan-styles';
import { EmptyState } from './empty-state';
import { ListToolbar, type FilterDef, type ListQueryState } from './list-toolbar';
import { usePlanList } from './use-plan-list';
import { VirtualRows, type Column } from './virtual-rows';
import { usePlanEditable } from '../../proposals/plan-editable';

export interface PlanListConfig<K extends EntityKind> {
  kind: K;
  concept: string;
  filters: FilterDef[];
  columns: Column<PlanEntity<K>>[];
  /** Import and export live on the attributes and events pages. */
  importExport: boolean;
}

type Open = { name: 'none' } | { name: 'create' } | { name: 'lint' } | { name: 'import'; initial?: ImportSource };

const SEARCH_DEBOUNCE_MS = 250;

/** The list page of attributes, events or views: search, filters, sort, virtual rows, create and import. */
export function PlanListPage<K extends EntityKind>({
  kind,
  concept,
  filters,
  columns,
  importExport,
}: PlanListConfig<K>) {
  const { companyId, reload: reloadCompany } = useCompany();
  const { canEdit, reason } = usePlanEditable();
  const { singular, plural, title } = KINDS[kind];
  const [query, setQuery] = useState<ListQueryState>({ search: '', filters: {}, sort: 'name', includeArchived: false });
  // `?new` (the dashboard's "Define your first …") opens the create dialog straight away.
  const [params, setParams] = useSearchParams();
  const [open, setOpenState] = useState<Open>(() =>
    canEdit && params.has('new') ? { name: 'create' } : { name: 'none' },
  );
  const setOpen = (next: Open) => {
    setOpenState(next);
    if (next.name === 'none' && params.has('new')) setParams({}, { replace: true });
  };
  const [exampleError, setExampleError] = useState<unknown>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const search = useDebounced(query.search.trim(), SEARCH_DEBOUNCE_MS);
  // The tag is typed too, so it waits like the search; the selects apply at once.
  const tag = useDebounced((query.filters.tag ?? '').trim(), SEARCH_DEBOUNCE_MS);

  const apiQuery = useMemo(() => {
    const chosen = Object.fromEntries(Object.entries({ ...query.filters, tag }).filter(([, v]) => v.trim() !== ''));
    return {
      ...chosen,
      search: search || undefined,
      sort: query.sort,
      includeArchived: query.includeArchived || undefined,
    } as PlanEntityTypes[K]['filters'];
  }, [query.filters, query.sort, query.includeArchived, search, tag]);
  const list = usePlanList(kind, companyId, apiQuery);
  const narrowed =
    Boolean(search) || Object.values(query.filters).some((v) => v.trim() !== '') || query.includeArchived;

  useHotkey('/', (e) => {
    e.preventDefault();
    searchRef.current?.focus();
  });
  useHotkey('n', () => setOpen({ name: 'create' }), { enabled: canEdit });

  async function startFromExample() {
    setExampleError(null);
    try {
      setOpen({ name: 'import', initial: await loadSamplePlan() });
    } catch (err) {
      setExampleError(err);
    }
  }

  const onImported = () => {
    list.reload();
    void reloadCompany();
  };

  return (
    <section className="tm-container co-page" data-testid={`${plural}-page`} data-editable={canEdit}>
      <TrackingPlanStyles />
      <div className="tp-head">
        <div>
          <h1>{title}</h1>
          <p className="tp-count" aria-live="polite" data-testid="plan-count">
            {list.loaded ? `${list.total.toLocaleString()} ${list.total === 1 ? singular : plural}` : 'Loading…'}
          </p>
        </div>
        <div className="co-actions">
          {importExport ? (
            <Button variant="ghost" onClick={() => setOpen({ name: 'lint' })} data-testid="lint-open">
              Check plan
            </Button>
          ) : null}
          {importExport ? <ExportMenu /> : null}
          {importExport && canEdit ? (
            <Button variant="ghost" onClick={() => setOpen({ name: 'import' })} data-testid="import-open">
              Import
            </Button>
          ) : null}
          {canEdit ? (
            <Button onClick={() => setOpen({ name: 'create' })} aria-keyshortcuts="n" data-testid="create-open">
              New {singular}
            </Button>
          ) : null}
        </div>
      </div>
      {!canEdit ? (
        <p className="co-muted" data-testid="plan-read-only">
          {reason ?? 'You can look at the plan; creators, admins and owners can change it.'}
        </p>
      ) : null}
      <ListToolbar plural={plural} value={query} onChange={setQuery} filters={filters} searchRef={searchRef} />
      <ApiErrorMessage error={list.error ?? exampleError} testId="plan-list-error" />
      {list.loaded && list.total === 0 && list.items.length === 0 && !narrowed ? (
        <EmptyState
          singular={singular}
          concept={concept}
          canEdit={canEdit}
          onCreate={() => setOpen({ name: 'create' })}
          onExample={() => void startFromExample()}
        />
      ) : list.loaded && list.items.length === 0 ? (
        <p className="co-muted" data-testid="plan-no-match">
          No {plural} match.{' '}
          {query.includeArchived ? '' : 'Archived ones are hidden; tick "Show archived" to include them.'}
        </p>
      ) : (
        <VirtualRows
          label={title}
          items={list.items}
          columns={columns}
          hasMore={list.nextCursor !== null}
          loading={list.loading}
          onLoadMore={list.loadMore}
          resetKey={JSON.stringify(apiQuery)}
        />
      )}
      {open.name === 'create' ? <CreateDialog kind={kind} onClose={() => setOpen({ name: 'none' })} /> : null}
      {open.name === 'lint' ? <LintDialog onClose={() => setOpen({ name: 'none' })} /> : null}
      {open.name === 'import' ? (
        <ImportDialog
          title={open.initial ? 'Start from an example' : 'Import a tracking plan'}
          initial={open.initial}
          onClose={() => setOpen({ name: 'none' })}
          onImported={onImported}
        />
      ) : null}
    </section>
  );
}
