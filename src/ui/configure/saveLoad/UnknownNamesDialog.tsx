import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnknownName } from '../../../formats/layoutFile.ts';
import { keycodeLabel, viaKeycodeText } from '../../../keycodes/index.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { matrixPosition } from '../../../services/layoutLoad.ts';

/**
 * Configure → Load, when the file has names that mean nothing on this keyboard's protocol: lists each one with
 * where it is (layer and the key's legend now, encoder, or macro) and lets the user load the rest, leaving those
 * keys as they are, or cancel. Nothing has been written when this shows.
 */
export function UnknownNamesDialog({
  keyboard,
  unknown,
  onLoadRest,
  onCancel,
}: {
  keyboard: KeyboardState;
  unknown: readonly UnknownName[];
  onLoadRest(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('layoutFiles');
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);

  const where = ({ place }: UnknownName): string => {
    if (place.kind === 'macro') return t('inMacro', { macro: place.index });
    if (place.kind === 'encoder')
      return t(place.clockwise ? 'inEncoderCw' : 'inEncoderCcw', {
        layer: place.layer,
        encoder: place.encoder,
      });
    const now = keyboard.keymap[place.layer]?.[place.index] ?? 0;
    const legend = keycodeLabel(now, keyboard.protocol).label || viaKeycodeText(now, keyboard.protocol);
    return t('inKey', { layer: place.layer, legend, ...matrixPosition(keyboard, place.index) });
  };

  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="unknown-names-title"
        aria-describedby="unknown-names-intro"
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
      >
        <h2 id="unknown-names-title" style={{ marginTop: 0 }}>
          {t('title')}
        </h2>
        <p id="unknown-names-intro" className="row-hint">
          {t('intro', { count: unknown.length, protocol: keyboard.protocol })}
        </p>
        <ul className="unknown-names" aria-label={t('listLabel')} data-testid="unknown-names">
          {unknown.map((u, i) => (
            <li key={i}>
              <code>{u.name === '' ? t('empty') : u.name}</code> — {where(u)}
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="btn" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onLoadRest}>
            {t('loadRest')}
          </button>
        </div>
      </div>
    </div>
  );
}
