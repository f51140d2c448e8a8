import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal question with Cancel and one action: titled and described for screen readers, Cancel focused when it
 * opens (the safe choice), Escape cancels, and a click on the backdrop too when `closeOnBackdrop`.
 */
export function ConfirmDialog({
  id,
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
  /** Prefix of the title's and description's element ids. */
  id: string;
  title: ReactNode;
  description: ReactNode;
  /** Shown below the description (a list, details). */
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  confirmKind?: 'primary' | 'danger';
  closeOnBackdrop?: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      className="dialog-backdrop"
      onPointerDown={closeOnBackdrop ? (e) => e.target === e.currentTarget && onCancel() : undefined}
    >
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
      >
        <h2 id={`${id}-title`} style={{ marginTop: 0 }}>
          {title}
        </h2>
        <div id={`${id}-body`}>{description}</div>
        {children}
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="btn" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn btn-${confirmKind}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
