import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import {
  listPlanEntities,
  type EntityKind,
  type PlanEntity,
  type PlanEntityTypes,
} from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../../company-layout/context';
import { useDebounced } from '../hooks/use-debounced';

interface EntityPickerProps<K extends EntityKind> {
  kind: K;
  label: string;
  /** Already linked: left out of the options. */
  excludeIds: string[];
  filters?: PlanEntityTypes[K]['filters'];
  /** Why an option cannot be picked (shown beside it), or null when it can. */
  refusal?: (item: PlanEntity<K>) => string | null;
  describe?: (item: PlanEntity<K>) => string;
  onPick: (item: PlanEntity<K>) => void;
  testId?: string;
}

/** A searchable combobox over the server's list: type to search, arrows to move, Enter to add, Esc to close. */
export function EntityPicker<K extends EntityKind>({
  kind,
  label,
  excludeIds,
  filters,
  refusal,
  describe,
  onPick,
  testId,
}: EntityPickerProps<K>) {
  const { companyId } = useCompany();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PlanEntity<K>[]>([]);
  const [active, setActive] = useState(0);
  const search = useDebounced(text.trim(), 200);
  const filterKey = JSON.stringify(filters ?? {});

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const query = {
      ...(JSON.parse(filterKey) as PlanEntityTypes[K]['filters']),
      search: search || undefined,
      limit: 20,
      sort: 'name' as const,
    };
    listPlanEntities(kind, companyId, query, controller.signal).then(
      (page) => {
        setOptions(page.items);
        setActive(0);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [open, kind, companyId, search, filterKey]);

  const shown = options.filter((o) => !excludeIds.includes(o.id));
  const pick = (item: PlanEntity<K> | undefined) => {
    if (!item || refusal?.(item)) return;
    onPick(item);
    setText('');
    setOpen(false);
  };

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, shown.length - 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter') pick(shown[active]);
    else if (e.key === 'Escape' && open) setOpen(false);
    else return;
    // Handled here: not a form submit, not the page's Esc.
    e.preventDefault();
    if (!open) setOpen(true);
  }

  return (
    <div className="tp-picker" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
      <input
        className="tp-input"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${listId}-${shown[active].id}` : undefined}
        placeholder={`${label}…`}
        value={text}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        data-testid={testId}
      />
      {open ? (
        <ul className="tp-options" role="listbox" id={listId} aria-label={label}>
          {shown.length === 0 ? <li aria-disabled="true">Nothing {text ? 'matches' : 'left to add'}</li> : null}
          {shown.map((item, i) => {
            const refused = refusal?.(item) ?? null;
            return (
              <li
                key={item.id}
                id={`${listId}-${item.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                aria-disabled={refused ? true : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(item)}
              >
                {item.name}
                <span className="tp-sub">{refused ?? describe?.(item) ?? ''}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
