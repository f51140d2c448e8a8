import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal, type ModalOptions } from './useModal.ts';
import './onDemandParts.css';
import './dialog.css';

export interface DialogProps extends ModalOptions {
  /** The heading; it names the dialog for screen readers. */
  title: ReactNode;
  /** A line or two under the title that screen readers read with the name (a question's wording). */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom, in reading order (Cancel before the action). */
  actions?: ReactNode;
  /** Beside the title (the Close button of a dialog whose body is long). */
  headerActions?: ReactNode;
  /** A click on the backdrop calls `onClose` too. */
  closeOnBackdrop?: boolean;
  /** 'alertdialog' for a question or warning that needs an answer before anything else. */
  role?: 'dialog' | 'alertdialog';
  /** Added to the panel's class (its size, its own layout). */
  className?: string;
  busy?: boolean;
  testId?: string;
}

/**
 * Keyloom's modal dialog (every dialog of the app is one): a titled panel over the page on a backdrop, with an
 * actions row, modal as `useModal` says (focus kept inside, Escape, focus returned to its opener). Rendered at
 * the end of <body>, so no pane's overflow or stacking cuts it.
 */
export function Dialog({
  title,
  description,
  children,
  actions,
  headerActions,
  closeOnBackdrop = false,
  role = 'dialog',
  className,
  busy,
  testId,
  ...modal
}: DialogProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const keys = useModal(panel, modal);
  return createPortal(
    <div
      className="dialog-backdrop"
      {...keys}
      onPointerDown={(e) => {
        if (e.target !== e.currentTarget) return;
        // A press on the backdrop leaves the focus inside.
        e.preventDefault();
        if (closeOnBackdrop) modal.onClose?.();
      }}
    >
      <div
        ref={panel}
        className={className ? `dialog ${className}` : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description === undefined ? undefined : `${id}-description`}
        aria-busy={busy}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="dialog-head">
          <h2 id={`${id}-title`} className="dialog-title">
            {title}
          </h2>
          {headerActions && <div className="dialog-head-actions">{headerActions}</div>}
        </div>
        {description !== undefined && (
          <div id={`${id}-description`} className="dialog-description">
            {description}
          </div>
        )}
        {children}
        {actions && <div className="dialog-actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
