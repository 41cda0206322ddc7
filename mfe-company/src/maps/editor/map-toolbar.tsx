import type { ReactNode } from 'react';
import { Button } from '@tracemap/ui';
import { MAP_LAYOUTS, type MapLayout } from '@tracemap/shell-core/tracking-plan';
import { canRedo, canUndo } from '../model/history';
import { useMapEditorStore } from './map-store';

const DIRECTION_LABEL: Record<MapLayout, string> = { LR: 'Left to right', TB: 'Top to bottom' };

interface MapToolbarProps {
  layout: MapLayout;
  onLayoutChange: (layout: MapLayout) => void;
  onAutoLayout: () => void;
  layingOut: boolean;
  selectedCount: number;
  onDeleteSelected: () => void;
}

/** Undo, redo, delete and layout: the editing half of the toolbar (viewers do not get it). */
export function MapEditTools({
  layout,
  onLayoutChange,
  onAutoLayout,
  layingOut,
  selectedCount,
  onDeleteSelected,
}: MapToolbarProps) {
  const undoable = useMapEditorStore((s) => canUndo(s.history));
  const redoable = useMapEditorStore((s) => canRedo(s.history));
  const undo = useMapEditorStore((s) => s.undo);
  const redo = useMapEditorStore((s) => s.redo);
  return (
    <>
      <Button
        variant="ghost"
        onClick={undo}
        disabled={!undoable}
        aria-keyshortcuts="Control+Z Meta+Z"
        data-testid="map-undo"
      >
        Undo
      </Button>
      <Button
        variant="ghost"
        onClick={redo}
        disabled={!redoable}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
        data-testid="map-redo"
      >
        Redo
      </Button>
      <Button
        variant="ghost"
        onClick={onDeleteSelected}
        disabled={selectedCount === 0}
        aria-keyshortcuts="Delete Backspace"
        data-testid="map-delete"
      >
        Delete{selectedCount > 1 ? ` (${selectedCount})` : ''}
      </Button>
      <label className="mp-inline">
        <span className="co-muted">Direction</span>
        <select
          value={layout}
          onChange={(e) => onLayoutChange(e.target.value as MapLayout)}
          aria-label="Layout direction"
          data-testid="map-direction"
        >
          {MAP_LAYOUTS.map((l) => (
            <option key={l} value={l}>
              {DIRECTION_LABEL[l]}
            </option>
          ))}
        </select>
      </label>
      <Button variant="ghost" onClick={onAutoLayout} disabled={layingOut} data-testid="map-auto-layout">
        {layingOut ? 'Arranging…' : 'Auto-layout'}
      </Button>
    </>
  );
}

export function MapToolbar({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="mp-bar" role="toolbar" aria-label="Map">
      {title}
      {children}
    </div>
  );
}
