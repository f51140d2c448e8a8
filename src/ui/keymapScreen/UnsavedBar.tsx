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
  /** The bar's words in the family's namespace. */
  words(word: 'pending' | 'none' | 'save' | 'discard' | 'discardTitle' | 'discardBody' | 'cancel'): string;
}

/**
 * A keyboard that keeps edits until saved (ZMK: docs/zmk-studio-protocol.md "Save, discard"): this bar says at all
 * times whether changes are pending, with Save and Discard (asked first), and the browser warns before the page is
 * left with changes unsaved. The screen model's `unsaved`, placed under Undo/Redo.
 */
export function UnsavedBar({ prefix, unsaved, busy, onSave, onDiscard, words }: UnsavedChanges) {
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return (
    <div className={`${prefix}-unsaved`} data-unsaved={unsaved} data-testid={`${prefix}-unsaved`}>
      <span role="status">{unsaved ? words('pending') : words('none')}</span>
      <button type="button" className="btn btn-primary" disabled={!unsaved || busy} onClick={onSave}>
        {words('save')}
      </button>
      <button type="button" className="btn" disabled={!unsaved || busy} onClick={() => setConfirming(true)}>
        {words('discard')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={words('discardTitle')}
          description={<p>{words('discardBody')}</p>}
          cancelLabel={words('cancel')}
          confirmLabel={words('discard')}
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
