import { useEffect, useRef } from 'react';
import { Button, buttonClass } from '@tracemap/ui';
import { formatDate } from '../format';

export interface CancelDialogProps {
  planName: string | null;
  periodEnd: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before canceling: the company keeps its plan until the period ends, then it stops. */
export function CancelDialog({ planName, periodEnd, busy, onConfirm, onClose }: CancelDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  // Focus starts on the safe choice, so Enter never cancels by accident.
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div
      className="bi-dialog"
      role="alertdialog"
      aria-labelledby="cancel-dialog-title"
      data-testid="cancel-dialog"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <h3 id="cancel-dialog-title" style={{ marginTop: 0 }}>
        Cancel the subscription?
      </h3>
      <p>
        The company keeps {planName ?? 'its plan'} until {formatDate(periodEnd)}; after that it is not renewed or
        charged and the plan becomes read-only. You can resume until then.
      </p>
      <div className="co-actions">
        <button
          ref={keepRef}
          type="button"
          className={buttonClass('ghost')}
          disabled={busy}
          onClick={onClose}
          data-testid="cancel-dialog-keep"
        >
          Keep subscription
        </button>
        <Button className="co-btn-danger" disabled={busy} onClick={onConfirm} data-testid="cancel-dialog-confirm">
          {busy ? 'Canceling…' : 'Cancel at period end'}
        </Button>
      </div>
    </div>
  );
}
