import { Button } from '@tracemap/ui';

interface MapsEmptyProps {
  canEdit: boolean;
  /** The plan has no views yet, so a map would have nothing to show. */
  noViews: boolean;
  onCreate: () => void;
  onSample: () => void;
}

/** No maps yet: what a map is for, and the ways to begin. */
export function MapsEmpty({ canEdit, noViews, onCreate, onSample }: MapsEmptyProps) {
  return (
    <div className="co-card tp-empty" data-testid="maps-empty">
      <h2>No maps yet</h2>
      <p>
        A map shows how people move through your product: each view (a page, screen or modal) is a box, and each arrow
        is a transition from one view to the next, labelled with the event that fires on the way. Attributes put on a
        map are inherited by every event on its views.
      </p>
      {canEdit ? (
        <div className="co-actions">
          <Button onClick={onCreate} data-testid="maps-empty-create">
            Create a map
          </Button>
          {noViews ? (
            <Button variant="ghost" onClick={onSample} data-testid="maps-empty-sample">
              Start from the sample plan
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="co-muted">Creators, admins and owners can add them.</p>
      )}
      {noViews && canEdit ? (
        <p className="tp-hint">
          Your plan has no views yet. The sample e-commerce plan comes with views, events and a map.
        </p>
      ) : null}
    </div>
  );
}
