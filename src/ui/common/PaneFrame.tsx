import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { editsText, undoShortcut } from './undoShortcut.ts';
import { UndoRedoButtons } from './UndoRedoButtons.tsx';

/** A keyboard's edit history as the frame offers it: Undo and Redo, their buttons and their shortcuts. */
export interface FrameHistory {
  canUndo: boolean;
  canRedo: boolean;
  undo(): void;
  redo(): void;
}

/**
 * The Configure frame every keyboard family plugs into: the pane column (Undo and Redo at its head, then what the
 * family adds there, the panes its capabilities list, a footer) and the open pane. Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z
 * and Ctrl+Y step the family's history, also from a focused drop-down or slider, but not while typing in a text
 * field (the browser's undo of the typing wins there).
 */
export function PaneFrame<P extends string>({
  panes,
  pane,
  onPane,
  paneLabel,
  history,
  head,
  footer,
  children,
}: {
  panes: readonly P[];
  pane: P;
  onPane(pane: P): void;
  paneLabel(pane: P): ReactNode;
  history: FrameHistory;
  /** Under Undo and Redo (a lock's chip). */
  head?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('configure');
  const { undo, redo } = history;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const step = undoShortcut(e);
      if (!step || editsText(e.target)) return;
      e.preventDefault();
      if (step === 'redo') redo();
      else undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
  return (
    <>
      <nav className="pane-menu" aria-label={t('panes')}>
        <UndoRedoButtons
          canUndo={history.canUndo}
          canRedo={history.canRedo}
          onUndo={history.undo}
          onRedo={history.redo}
        />
        {head}
        {panes.map((p) => (
          <button key={p} type="button" aria-current={p === pane} onClick={() => onPane(p)}>
            {paneLabel(p)}
          </button>
        ))}
        {footer && <div className="pane-menu-footer">{footer}</div>}
      </nav>
      <section className="pane-content">{children}</section>
    </>
  );
}
