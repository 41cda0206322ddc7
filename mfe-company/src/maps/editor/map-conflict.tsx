import { Button } from '@tracemap/ui';

/** Someone saved the map first: the editor stopped saving, and says what a reload does. */
export function MapConflictBanner({ onReload }: { onReload: () => void }) {
  return (
    <div className="tp-conflict" role="alert" data-testid="map-conflict">
      <p>
        <strong>Someone else changed this map while you were editing.</strong> Your latest changes were not saved, and
        nothing of theirs was overwritten. Reload to see their version; changes you made since the last save will be
        lost.
      </p>
      <Button onClick={onReload} data-testid="map-conflict-reload">
        Reload
      </Button>
    </div>
  );
}
