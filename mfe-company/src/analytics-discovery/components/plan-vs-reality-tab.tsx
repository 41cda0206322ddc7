import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { EVENT_MATCHES, type EventMatch, type ObservedEventItem } from '@tracemap/contracts';
import { ApiErrorMessage } from '../../components/api-error';
import { useDebounced } from '../../tracking-plan/hooks/use-debounced';
import { listObservedEvents } from '../api/discovery-api';
import { useCursorList } from '../hooks/use-cursor-list';
import { PropertyMatrix } from './property-matrix';
import { MarkLiveButton } from './mark-live-button';

export const MATCH_LABELS: Record<EventMatch, string> = {
  matched: 'Planned and seen',
  unplanned: 'Not in the plan',
  planned_unseen: 'Planned, not seen',
};

const ROW_HEIGHT = 48;
const PREFETCH_ROWS = 30;
const COLUMNS = { '--tp-cols': '3fr 2fr 1fr', '--tp-cols-narrow': '3fr 1fr' } as CSSProperties;

const eventKey = (e: Pick<ObservedEventItem, 'name' | 'kind' | 'match'>) => `${e.match}:${e.kind ?? ''}:${e.name}`;

/** Plan vs reality: every observed and planned event with its match and volume; one event's property matrix beside. */
export function PlanVsRealityTab({
  companyId,
  typeSplits,
}: {
  companyId: string;
  typeSplits: ReadonlyMap<string, string>;
}) {
  const [match, setMatch] = useState<EventMatch | ''>('');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 250);
  const load = useCallback(
    (cursor: string | undefined, signal: AbortSignal) =>
      listObservedEvents(companyId, { match: match || undefined, q: q || undefined, cursor, limit: 200 }, signal),
    [companyId, match, q],
  );
  const list = useCursorList(`${companyId}|${match}|${q}`, load);
  const [selected, setSelected] = useState<string | null>(null);
  const current = list.items.find((e) => eventKey(e) === selected) ?? list.items[0] ?? null;

  const scroller = useRef<HTMLDivElement>(null);
  const hasMore = list.nextCursor !== null;
  const virtualizer = useVirtualizer({
    count: list.items.length + (hasMore ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.length ? rows[rows.length - 1].index : 0;
  const { loading, loadMore } = list;
  useEffect(() => {
    if (hasMore && !loading && lastIndex >= list.items.length - PREFETCH_ROWS) loadMore();
  }, [hasMore, loading, lastIndex, list.items.length, loadMore]);

  return (
    <div data-testid="plan-vs-reality">
      <div className="tp-toolbar">
        <label>
          Search
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Event name"
            data-testid="events-search"
          />
        </label>
        <label>
          Match
          <select
            value={match}
            onChange={(e) => setMatch(e.target.value as EventMatch | '')}
            data-testid="events-match"
          >
            <option value="">All</option>
            {EVENT_MATCHES.map((m) => (
              <option key={m} value={m}>
                {MATCH_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ApiErrorMessage error={list.error} testId="events-error" />
      {list.loaded && list.items.length === 0 ? (
        <p className="co-muted" data-testid="events-none">
          No events match.
        </p>
      ) : (
        <div className="ad-split">
          <div role="table" aria-label="Plan vs reality" aria-rowcount={list.items.length + 1}>
            <div role="rowgroup">
              <div role="row" className="tp-row-head" style={COLUMNS}>
                <span role="columnheader">Event</span>
                <span role="columnheader" className="tp-col-optional">
                  Match
                </span>
                <span role="columnheader">Volume</span>
              </div>
            </div>
            <div role="rowgroup" ref={scroller} className="tp-rows" tabIndex={-1}>
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {rows.map((row) => {
                  const item = list.items[row.index];
                  const style = { ...COLUMNS, top: row.start, height: row.size };
                  if (!item) {
                    return (
                      <div key="more" role="row" className="tp-row" style={style} aria-busy="true">
                        <span role="cell" className="co-muted">
                          Loading more…
                        </span>
                      </div>
                    );
                  }
                  const key = eventKey(item);
                  return (
                    <div
                      key={key}
                      role="row"
                      aria-rowindex={row.index + 2}
                      aria-selected={current !== null && eventKey(current) === key}
                      className="tp-row"
                      style={style}
                      data-testid="observed-event-row"
                      data-name={item.name}
                      data-match={item.match}
                    >
                      <span role="cell">
                        <button type="button" className="ad-row-button" onClick={() => setSelected(key)}>
                          {item.name}
                        </button>
                        {item.kind ? <span className="tp-sub">{item.kind}</span> : null}
                      </span>
                      <span role="cell" className="tp-col-optional">
                        <span className={`ad-match ad-match--${item.match}`}>{MATCH_LABELS[item.match]}</span>
                      </span>
                      <span role="cell">{item.volume.toLocaleString()}</span>
                    </div>
                  );
                })}
              </div>
            </div>
          </div>
          {current ? (
            <section className="tp-section" data-testid="event-detail" data-name={current.name}>
              <h2>{current.name}</h2>
              <p className="co-muted">
                {MATCH_LABELS[current.match]} · {current.volume.toLocaleString()} events
              </p>
              <MarkLiveButton key={current.name} event={current} />
              <PropertyMatrix event={current} typeSplits={typeSplits} />
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
