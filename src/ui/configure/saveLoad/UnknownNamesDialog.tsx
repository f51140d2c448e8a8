import { useTranslation } from 'react-i18next';
import type { UnknownName } from '../../../formats/layoutFile.ts';
import { keycodeLabel, viaKeycodeText } from '../../../keycodes/index.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { matrixPosition } from '../../../services/layoutLoad.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';
import './unknownNames.css';

/** Names listed one by one; a file of 32,768 unknown keys would otherwise draw as many rows. */
const LISTED = 200;

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
    <ConfirmDialog
      title={t('title')}
      description={
        <p className="row-hint">{t('intro', { count: unknown.length, protocol: keyboard.protocol })}</p>
      }
      cancelLabel={t('cancel')}
      confirmLabel={t('loadRest')}
      onCancel={onCancel}
      onConfirm={onLoadRest}
    >
      <ul className="unknown-names" aria-label={t('listLabel')} data-testid="unknown-names">
        {unknown.slice(0, LISTED).map((u, i) => (
          <li key={i}>
            <code>{u.name === '' ? t('empty') : u.name}</code> — {where(u)}
          </li>
        ))}
        {unknown.length > LISTED && <li>{t('more', { count: unknown.length - LISTED })}</li>}
      </ul>
    </ConfirmDialog>
  );
}
