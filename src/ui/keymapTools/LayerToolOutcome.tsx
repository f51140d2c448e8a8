import { useEffect, useRef } from 'react';
import { type TFunction, useTranslation } from '../../i18n/useTranslation.ts';

import type { MenuOperation } from '../../keymap/layerMenuModel.ts';
import '../common/onDemandParts.css';

export type { LayerClear, MenuOperation } from '../../keymap/layerMenuModel.ts';

/** What a layer operation did, in a sentence ("Layer 0 copied onto layer 1."). */
export function doneText(t: TFunction, operation: MenuOperation, swapsNames: boolean): string {
  if (operation.kind === 'copy') return t('doneCopy', { from: operation.from, to: operation.to });
  if (operation.kind === 'swap')
    return t(swapsNames ? 'doneSwap' : 'doneSwapKeys', { a: operation.a, b: operation.b });
  return t(operation.to === 'transparent' ? 'doneClearTransparent' : 'doneClearNothing', {
    n: operation.layer,
  });
}

/**
 * The layer tools' note of what they just did, where the user is looking (inside the panel), with the Undo of
 * that step while it is still the last one. Announced politely to screen readers.
 */
export function LayerToolOutcome({
  text,
  undoable,
  onUndo,
}: {
  text: string;
  undoable: boolean;
  onUndo: () => void;
}) {
  const { t } = useTranslation('layerTools');
  return (
    <div className="layer-menu-row layer-tool-outcome">
      <span role="status">{text}</span>
      {undoable && (
        <button type="button" className="btn" onClick={onUndo}>
          {t('undo')}
        </button>
      )}
    </div>
  );
}

/** Asks before a Copy or Clear replaces a layer's keys; the confirming button takes the focus. */
export function LayerToolQuestion({
  question,
  confirm,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('layerTools');
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), [question]);
  return (
    <div className="layer-menu-row layer-tool-question" role="group" aria-label={question}>
      <span>{question}</span>
      <button ref={yes} type="button" className="btn btn-danger" onClick={onConfirm}>
        {confirm}
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        {t('cancel')}
      </button>
    </div>
  );
}
