import { useRef, type ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';

/**
 * A modal question with Cancel and one action (a Dialog): the question is its description, Cancel has the focus
 * when it opens (the safe choice), Escape cancels, and a click on the backdrop too when `closeOnBackdrop`. Without
 * `onConfirm` there is nothing to act on (a preview that would change nothing): only the cancel button shows.
 */
export function ConfirmDialog({
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  confirmKind = 'primary',
  closeOnBackdrop = false,
  onCancel,
  onConfirm,
}: {
  title: ReactNode;
  description: ReactNode;
  /** Shown below the description (a list, details). */
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel?: string;
  confirmKind?: 'primary' | 'danger';
  closeOnBackdrop?: boolean;
  onCancel(): void;
  onConfirm?: (() => void) | undefined;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={description}
      onClose={onCancel}
      closeOnBackdrop={closeOnBackdrop}
      initialFocus={cancel}
      actions={
        <>
          <button ref={cancel} type="button" className="btn" onClick={onCancel}>
            {cancelLabel}
          </button>
          {onConfirm && (
            <button type="button" className={`btn btn-${confirmKind}`} onClick={onConfirm}>
              {confirmLabel}
            </button>
          )}
        </>
      }
    >
      {children}
    </Dialog>
  );
}
