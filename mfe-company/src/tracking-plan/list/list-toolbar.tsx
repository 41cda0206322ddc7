import type { Ref } from 'react';
import type { ListSort } from '@tracemap/shell-core/tracking-plan';

export interface FilterDef {
  key: string;
  label: string;
  /** The values to choose from; without them the filter is typed (tags). */
  options?: readonly string[];
}

export interface ListQueryState {
  search: string;
  filters: Record<string, string>;
  sort: ListSort;
  includeArchived: boolean;
}

const SORT_LABELS: Record<ListSort, string> = {
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  '-updatedAt': 'Recently updated',
  updatedAt: 'Least recently updated',
  '-createdAt': 'Newest',
  createdAt: 'Oldest',
};

interface ListToolbarProps {
  plural: string;
  value: ListQueryState;
  onChange: (next: ListQueryState) => void;
  filters: FilterDef[];
  searchRef: Ref<HTMLInputElement>;
}

/** Search (sent to the server as the user types), filters, sort and the archived toggle. */
export function ListToolbar({ plural, value, onChange, filters, searchRef }: ListToolbarProps) {
  const setFilter = (key: string, v: string) => onChange({ ...value, filters: { ...value.filters, [key]: v } });
  return (
    <div className="tp-toolbar" role="search">
      <label>
        Search {plural}
        <input
          ref={searchRef}
          type="search"
          value={value.search}
          aria-keyshortcuts="/"
          placeholder="Name, description or tag  ( / )"
          onChange={(e) => onChange({ ...value, search: e.target.value })}
          data-testid="plan-search"
        />
      </label>
      {filters.map((f) => (
        <label key={f.key}>
          {f.label}
          {f.options ? (
            <select
              value={value.filters[f.key] ?? ''}
              onChange={(e) => setFilter(f.key, e.target.value)}
              data-testid={`plan-filter-${f.key}`}
            >
              <option value="">All</option>
              {f.options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          ) : (
            <input
              value={value.filters[f.key] ?? ''}
              size={12}
              onChange={(e) => setFilter(f.key, e.target.value)}
              data-testid={`plan-filter-${f.key}`}
            />
          )}
        </label>
      ))}
      <label>
        Sort
        <select
          value={value.sort}
          onChange={(e) => onChange({ ...value, sort: e.target.value as ListSort })}
          data-testid="plan-sort"
        >
          {Object.entries(SORT_LABELS).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="tp-check">
        <input
          type="checkbox"
          checked={value.includeArchived}
          onChange={(e) => onChange({ ...value, includeArchived: e.target.checked })}
          data-testid="plan-show-archived"
        />
        Show archived
      </label>
    </div>
  );
}
