import type { SaveState } from './use-map-document';

const TEXT: Record<SaveState, string> = {
  idle: 'All changes saved',
  saving: 'Saving…',
  saved: 'Saved',
  conflict: 'Conflict',
  error: 'Not saved',
};

export function SaveStateLabel({ state }: { state: SaveState }) {
  return (
    <span className="mp-save" role="status" aria-live="polite" data-state={state} data-testid="map-save-state">
      {TEXT[state]}
    </span>
  );
}
