import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

export interface Column<T> {
  header: string;
  /** A CSS grid track, e.g. `2fr` or `120px`. */
  width: string;
  /** Left out on phone-sized screens, where only the essential columns fit. */
  optional?: boolean;
  render: (item: T) => ReactNode;
}

interface VirtualRowsProps<T extends { id: string }> {
  label: string;
  items: T[];
  columns: Column<T>[];
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Changes whenever the query does, to scroll back to the top for new results. */
  resetKey: string;
}

const ROW_HEIGHT = 56;
/** Ask for the next page while this many loaded rows are still below the viewport. */
const PREFETCH_ROWS = 30;

/**
 * Only the rows in view (and a few either side) are in the DOM, so ten thousand rows scroll
 * like fifty; the next page is asked for before the user reaches the end.
 */
export function VirtualRows<T extends { id: string }>({
  label,
  items,
  columns,
  hasMore,
  loading,
  onLoadMore,
  resetKey,
}: VirtualRowsProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  // Both templates go to CSS as variables; the stylesheet picks one by screen width.
  const template = {
    '--tp-cols': columns.map((c) => c.width).join(' '),
    '--tp-cols-narrow': columns
      .filter((c) => !c.optional)
      .map((c) => c.width)
      .join(' '),
  } as CSSProperties;
  const virtualizer = useVirtualizer({
    count: items.length + (hasMore ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.length ? rows[rows.length - 1].index : 0;

  useEffect(() => {
    if (hasMore && !loading && lastIndex >= items.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loading, lastIndex, items.length, onLoadMore]);

  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  return (
    <div role="table" aria-label={label} aria-rowcount={items.length + 1} data-testid="plan-list">
      <div role="rowgroup">
        <div role="row" className="tp-row-head" style={template}>
          {columns.map((c) => (
            <span role="columnheader" key={c.header} className={c.optional ? 'tp-col-optional' : undefined}>
              {c.header}
            </span>
          ))}
        </div>
      </div>
      <div role="rowgroup" ref={scroller} className="tp-rows" tabIndex={-1}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {rows.map((row) => {
            const item = items[row.index];
            const style = { ...template, top: row.start, height: row.size };
            if (!item) {
              return (
                <div key="more" role="row" className="tp-row" style={style} aria-busy="true">
                  <span role="cell" className="co-muted">
                    Loading more…
                  </span>
                </div>
              );
            }
            return (
              <div
                key={item.id}
                role="row"
                aria-rowindex={row.index + 2}
                className="tp-row"
                style={style}
                data-testid="plan-row"
                data-id={item.id}
              >
                {columns.map((c) => (
                  <span role="cell" key={c.header} className={c.optional ? 'tp-col-optional' : undefined}>
                    {c.render(item)}
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
