import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';

/** Changes a keyboard holds until saved, with Save and Discard (asked first), in the family's words. */
export interface UnsavedChanges {
  /** The family's prefix of the bar's class and test id (`zmk`: `zmk-unsaved`). */
  prefix: string;
  unsaved: boolean;
  busy: boolean;
  onSave(): void;
  onDiscard(): void;
  texts: {
    pending: string;
    none: string;
    save: string;
    discard: string;
    discardTitle: string;
    discardBody: string;
    cancel: string;
  };
}

/**
 * A keyboard that keeps edits until saved (ZMK: docs/zmk-studio-protocol.md "Save, discard"): this bar says at all
 * times whether changes are pending, with Save and Discard (asked first), and the browser warns before the page is
 * left with changes unsaved. The screen model's `unsaved`, placed under Undo/Redo.
 */
export function UnsavedBar({ prefix, unsaved, busy, onSave, onDiscard, texts }: UnsavedChanges) {
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return (
    <div className={`${prefix}-unsaved`} data-unsaved={unsaved} data-testid={`${prefix}-unsaved`}>
      <span role="status">{unsaved ? texts.pending : texts.none}</span>
      <button type="button" className="btn btn-primary" disabled={!unsaved || busy} onClick={onSave}>
        {texts.save}
      </button>
      <button type="button" className="btn" disabled={!unsaved || busy} onClick={() => setConfirming(true)}>
        {texts.discard}
      </button>
      {confirming && (
        <ConfirmDialog
          title={texts.discardTitle}
          description={<p>{texts.discardBody}</p>}
          cancelLabel={texts.cancel}
          confirmLabel={texts.discard}
          confirmKind="danger"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onDiscard();
          }}
        />
      )}
    </div>
  );
}
