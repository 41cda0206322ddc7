import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@tracemap/ui';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

/**
 * A modal on the native `<dialog>`: the browser traps focus and turns Esc into a cancel,
 * which closes it here. Mount it to open it; unmount to close.
 */
export function Dialog({ title, onClose, children, testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="tp-dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header>
        <h2 id={titleId}>{title}</h2>
        <Button variant="ghost" className="tp-small-btn" onClick={onClose} aria-label="Close dialog">
          ✕
        </Button>
      </header>
      <div className="tp-dialog-body">{children}</div>
    </dialog>
  );
}
