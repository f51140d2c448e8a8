import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { editsText, undoShortcut } from './undoShortcut.ts';
import { UndoRedoButtons } from './UndoRedoButtons.tsx';

/** A keyboard's edit history as the frame offers it: Undo and Redo, their buttons and their shortcuts. */
export interface FrameHistory {
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
}

/** What a keyboard family gives the Configure screen's frame. */
export interface ConfigureFrameProps<P extends string> {
  /** The keyboard's name: the screen's heading (for assistive technology) and the pane column's foot. */
  name: string;
  /** The pane column's foot, when more than the name ('Corne · ZMK keyboard · USB serial'). */
  foot?: string | undefined;
  /** The panes the family's capabilities list, in order; the open one. */
  panes: readonly P[];
  pane: P;
  onPane(pane: P): void;
  paneLabel(pane: P): ReactNode;
  history: FrameHistory;
  /** Under Undo and Redo (a lock's chip). */
  head?: ReactNode;
  /** The open pane. */
  children: ReactNode;
}

/**
 * The Configure screen's frame for every keyboard family (VIA, Vial, ZMK): the keyboard named as the screen's
 * heading, the pane column (Undo and Redo at its head, then what the family adds there, the panes its
 * capabilities list, the keyboard's name and connection at its foot) and the open pane. A family plugs in its
 * panes; it never draws a frame of its own. Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z and Ctrl+Y step the family's history,
 * also from a focused drop-down or slider, but not while typing in a text field (the browser's undo of the typing
 * wins there).
 */
export function ConfigureFrame<P extends string>(props: ConfigureFrameProps<P>) {
  const { name, pane, history } = props;
  const { t } = useTranslation('configure');
  // The family's latest Undo/Redo, read when a shortcut is pressed: the listener is attached once, not again at
  // every render that passes new closures.
  const stepHistory = useEffectEvent((step: 'undo' | 'redo') =>
    step === 'redo' ? history.onRedo() : history.onUndo(),
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const step = undoShortcut(e);
      if (!step || editsText(e.target)) return;
      e.preventDefault();
      stepHistory(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="configure">
      <h1 className="visually-hidden">{name}</h1>
      <nav className="pane-menu" aria-label={t('panes')}>
        <UndoRedoButtons {...history} />
        {props.head}
        {props.panes.map((p) => (
          <button key={p} type="button" aria-current={p === pane} onClick={() => props.onPane(p)}>
            {props.paneLabel(p)}
          </button>
        ))}
        <span className="pane-menu-footer row-hint">{props.foot ?? name}</span>
      </nav>
      <section className="pane-content">{props.children}</section>
    </div>
  );
}
