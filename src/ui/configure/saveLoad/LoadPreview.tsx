import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { hasChanges, layoutChanges } from '../../../formats/layoutChanges.ts';
import type { ParsedLayout } from '../../../formats/layoutFile.ts';
import { viaKeycodeText } from '../../../keycodes/index.ts';
import { macroFormatOf } from '../../../macros/macroFormat.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { macroScripts } from '../../../services/layoutTransfer.ts';
import { KeyboardCanvas } from '../../canvas/KeyboardCanvas.tsx';
import { Dialog } from '../../common/Dialog.tsx';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { keyboardKeys } from '../../canvas/useKeyboardKeys.ts';
import './loadPreview.css';

export interface LoadPreviewProps {
  keyboard: KeyboardState;
  layout: ParsedLayout;
  fileName: string;
  onApply(): void;
  onCancel(): void;
  /** What else the file changes (a Vial keyboard's tap dance, combos, key overrides, QMK settings). */
  extra?: { changes: boolean; node: ReactNode } | undefined;
  /** Where the keymap comes from, for the words: a file (default) or a share link. */
  source?: 'file' | 'link';
  /** Read before anything else: where the file came from, what it cannot bring (a .vil's import notes). */
  warning?: ReactNode;
}

/**
 * Before a load writes anything: the keys the file changes (per layer, highlighted on a drawing of the layer as
 * it would be, and listed with both keycodes), the macros and encoder entries that change; Apply or Cancel.
 */
export function LoadPreview({
  keyboard,
  layout,
  fileName,
  onApply,
  onCancel,
  extra,
  source = 'file',
  warning,
}: LoadPreviewProps) {
  const { t } = useTranslation('sheets');
  const hostLayout = useHostLayout();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const { protocol } = keyboard;
  const changes = useMemo(
    () =>
      layoutChanges(
        {
          keymap: keyboard.keymap,
          cols: keyboard.definition.matrix.cols,
          encoders: keyboard.encoders,
          macros: keyboard.macros.supported ? macroScripts(keyboard) : null,
          protocol,
          macroFormat: macroFormatOf(keyboard),
        },
        layout,
      ),
    [keyboard, layout, protocol],
  );
  // Layers whose keys or encoders change: an encoder is drawn by what it sends, so it is marked like a key.
  const changedLayers = changes.keysPerLayer.flatMap((count, layer) =>
    count > 0 || changes.encoders.some((e) => e.layer === layer) ? [layer] : [],
  );
  const [shown, setShown] = useState(changedLayers[0] ?? 0);
  const after = useMemo(
    () => ({
      ...keyboard,
      keymap: keyboard.keymap.map((l, i) => layout.layers[i] ?? l),
      encoders: keyboard.encoders.map((row, l) => row.map((turns, e) => layout.encoders?.[l]?.[e] ?? turns)),
    }),
    [keyboard, layout],
  );
  const drawn = useMemo(() => keyboardKeys(after, shown, hostLayout), [after, shown, hostLayout]);
  const highlighted = useMemo(() => {
    const cols = keyboard.definition.matrix.cols;
    const changed = new Set(changes.keys.filter((k) => k.layer === shown).map((k) => k.row * cols + k.col));
    const turned = new Set(changes.encoders.filter((e) => e.layer === shown).map((e) => e.encoder));
    return new Set(
      drawn.flatMap((d, i) =>
        changed.has(d.matrixIndex) || (d.key.ei !== undefined && turned.has(d.key.ei)) ? [i] : [],
      ),
    );
  }, [changes, drawn, shown, keyboard]);

  // VIA's names, as a .layout.json carries them: one naming on both sides of every change (issue 38: the
  // preview showed the file's KC_WH_D as QMK's MS_WHLD beside VIA's names for other keys).
  const code = (c: number) => viaKeycodeText(c, protocol);
  // A file or link that matches the keyboard has nothing to apply: the dialog only closes.
  const changing = hasChanges(changes) || !!extra?.changes;

  return (
    <Dialog
      title={t(source === 'link' ? 'previewTitleLink' : 'previewTitle', { file: fileName })}
      className="load-preview"
      onClose={onCancel}
      // Cancel has the focus: Enter on an unread preview must not write to the keyboard.
      initialFocus={cancelButton}
      testId="load-preview"
      actions={
        <>
          <button ref={cancelButton} type="button" className="btn" onClick={onCancel}>
            {t(changing ? 'cancel' : 'close')}
          </button>
          {changing && (
            <button type="button" className="btn btn-primary" onClick={onApply}>
              {t('apply')}
            </button>
          )}
        </>
      }
    >
      <p className="row-hint">
        {changing
          ? t(source === 'link' ? 'previewIntroLink' : 'previewIntro')
          : t(source === 'link' ? 'previewNoChangesLink' : 'previewNoChanges')}
      </p>
      {warning}
      {changedLayers.length > 0 && (
        <>
          <div className="load-preview-layers" role="group" aria-label={t('previewShownLayer', { n: shown })}>
            {changedLayers.map((layer) => (
              <button
                key={layer}
                type="button"
                className="btn"
                aria-pressed={layer === shown}
                onClick={() => setShown(layer)}
              >
                {t('previewLayer', { n: layer, count: changes.keysPerLayer[layer] })}
              </button>
            ))}
          </div>
          <KeyboardCanvas
            keys={drawn.map((d) => d.canvas)}
            selected={NONE}
            highlighted={highlighted}
            readOnly
            testId="load-preview-canvas"
            ariaLabel={t('previewShownLayer', { n: shown })}
          />
        </>
      )}
      <div className="load-preview-lists">
        {changedLayers
          .filter((layer) => changes.keysPerLayer[layer]! > 0)
          .map((layer) => (
            <section key={layer} aria-labelledby={`preview-layer-${layer}`}>
              <h3 id={`preview-layer-${layer}`}>
                {t('previewLayer', { n: layer, count: changes.keysPerLayer[layer] })}
              </h3>
              <ul data-testid={`preview-keys-${layer}`}>
                {changes.keys
                  .filter((k) => k.layer === layer)
                  .map((k) => (
                    <li key={`${k.row}-${k.col}`}>
                      {t('previewKey', { row: k.row, col: k.col, from: code(k.from), to: code(k.to) })}
                    </li>
                  ))}
              </ul>
            </section>
          ))}
        {changes.macros.length > 0 && (
          <section aria-labelledby="preview-macros">
            <h3 id="preview-macros">{t('previewMacros')}</h3>
            <ul data-testid="preview-macros">
              {changes.macros.map((m) => (
                <li key={m.index}>
                  M{m.index}: {m.from || '∅'} → {m.to || '∅'}
                </li>
              ))}
            </ul>
          </section>
        )}
        {changes.encoders.length > 0 && (
          <section aria-labelledby="preview-encoders">
            <h3 id="preview-encoders">{t('previewEncoders')}</h3>
            <ul data-testid="preview-encoders">
              {changes.encoders.map((e) => (
                <li key={`${e.layer}-${e.encoder}-${e.clockwise}`}>
                  {t('previewEncoder', {
                    layer: e.layer,
                    n: e.encoder,
                    direction: t(e.clockwise ? 'turnCw' : 'turnCcw'),
                    from: code(e.from),
                    to: code(e.to),
                  })}
                </li>
              ))}
            </ul>
          </section>
        )}
        {extra?.node}
      </div>
    </Dialog>
  );
}

const NONE: ReadonlySet<number> = new Set();
