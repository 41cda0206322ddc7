import { Button } from '@tracemap/ui';

interface EmptyStateProps {
  singular: string;
  /** Two sentences: what this kind of thing is, and why the plan needs it. */
  concept: string;
  canEdit: boolean;
  onCreate: () => void;
  onExample: () => void;
}

/** An empty list explains the idea and offers the two ways to begin. */
export function EmptyState({ singular, concept, canEdit, onCreate, onExample }: EmptyStateProps) {
  return (
    <div className="co-card tp-empty" data-testid="plan-empty">
      <h2>No {singular}s yet</h2>
      <p>{concept}</p>
      {canEdit ? (
        <div className="co-actions">
          <Button onClick={onCreate} data-testid="empty-create">
            Create the first {singular}
          </Button>
          <Button variant="ghost" onClick={onExample} data-testid="empty-example">
            Start from an example
          </Button>
        </div>
      ) : (
        <p className="co-muted">Creators, admins and owners can add them.</p>
      )}
    </div>
  );
}
