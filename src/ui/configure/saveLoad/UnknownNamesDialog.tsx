import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { UnknownName } from '../../../formats/layoutFile.ts';
import { keycodeLabel, parseKeycode, viaKeycodeText } from '../../../keycodes/index.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { matrixPosition, type UnknownNameChoice } from '../../../services/layoutLoad.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';
import '../../common/onDemandParts.css';
import './unknownNames.css';

/** Names listed one by one; a file of 32,768 unknown keys would otherwise draw as many rows. */
const LISTED = 200;

const CHOICES = ['keep', 'none', 'pick'] as const;
const CONFIRM = { keep: 'loadRest', none: 'loadNone', pick: 'loadPicked' } as const;
const CHOICE_LABEL = { keep: 'choiceKeep', none: 'choiceNone', pick: 'choicePick' } as const;

/**
 * Configure → Load, when the file has names that mean nothing on this keyboard's protocol (a keymap.json's
 * names from the user's own code, `TD(DSH_HPR)`): lists each one with where it is (layer and the key's legend
 * now, encoder, or macro) and lets the user choose what those keys become — left as they are on the keyboard,
 * KC_NO, or a keycode typed for each — before the preview, or cancel. Nothing has been written when this shows.
 */
export function UnknownNamesDialog({
  keyboard,
  unknown,
  onLoadRest,
  onCancel,
}: {
  keyboard: KeyboardState;
  unknown: readonly UnknownName[];
  onLoadRest(choice: UnknownNameChoice): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('layoutFiles');
  const [choice, setChoice] = useState<(typeof CHOICES)[number]>('keep');
  const [picked, setPicked] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);

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

  const confirm = () => {
    if (choice !== 'pick') return onLoadRest({ kind: choice });
    const codes = new Map<number, number>();
    const wrong: string[] = [];
    for (const [i, text] of Object.entries(picked)) {
      if (text.trim() === '') continue;
      const code = parseKeycode(text.trim(), keyboard.protocol);
      if (code === null) wrong.push(text.trim());
      else codes.set(Number(i), code);
    }
    if (wrong.length > 0) return setError(t('pickWrong', { names: wrong.join(', ') }));
    onLoadRest({ kind: 'pick', codes });
  };

  return (
    <ConfirmDialog
      title={t('title')}
      description={
        <p className="row-hint">{t('intro', { count: unknown.length, protocol: keyboard.protocol })}</p>
      }
      cancelLabel={t('cancel')}
      confirmLabel={t(CONFIRM[choice])}
      onCancel={onCancel}
      onConfirm={confirm}
    >
      <fieldset className="unknown-choice">
        <legend>{t('choiceLegend')}</legend>
        {CHOICES.map((c) => (
          <label key={c}>
            <input
              type="radio"
              name="unknown-choice"
              checked={choice === c}
              onChange={() => {
                setChoice(c);
                setError(null);
              }}
            />{' '}
            {t(CHOICE_LABEL[c])}
          </label>
        ))}
      </fieldset>
      <ul className="unknown-names" aria-label={t('listLabel')} data-testid="unknown-names">
        {unknown.slice(0, LISTED).map((u, i) => (
          <li key={i}>
            <code>{u.name === '' ? t('empty') : u.name}</code> — {where(u)}
            {choice === 'pick' && u.place.kind !== 'macro' && (
              <input
                type="text"
                className="unknown-pick"
                aria-label={t('pickLabel', { name: u.name, where: where(u) })}
                placeholder={t('pickPlaceholder')}
                value={picked[i] ?? ''}
                onChange={(e) => setPicked({ ...picked, [i]: e.target.value })}
              />
            )}
          </li>
        ))}
        {unknown.length > LISTED && <li>{t('more', { count: unknown.length - LISTED })}</li>}
      </ul>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
