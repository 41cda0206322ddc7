import { useState } from 'react';
import { Button } from '@tracemap/ui';

interface DeleteControlProps {
  singular: string;
  name: string;
  busy: boolean;
  onDelete: () => void;
}

/** Delete asks once more, naming what goes; the server may still refuse (an attribute in use). */
export function DeleteControl({ singular, name, busy, onDelete }: DeleteControlProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button
        variant="ghost"
        className="co-btn-danger"
        disabled={busy}
        onClick={() => setConfirming(true)}
        data-testid="entity-delete"
      >
        Delete
      </Button>
    );
  }
  return (
    <span className="co-actions" role="group" aria-label={`Delete ${singular}`}>
      <Button className="co-btn-danger" disabled={busy} onClick={onDelete} data-testid="entity-delete-confirm">
        Delete {name} for good
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)}>
        Keep it
      </Button>
    </span>
  );
}
