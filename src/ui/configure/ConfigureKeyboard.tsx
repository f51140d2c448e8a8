import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStores, useDevices, useSelection } from '../AppContext.tsx';
import { KeyboardCanvas } from '../canvas/KeyboardCanvas.tsx';
import { useKeyboardKeys } from './useKeyboardKeys.ts';
import { UNITS_PER_MM } from '../../protocol/actuation.ts';

/** The keyboard on the Configure route: selecting a key, arrow navigation, Enter opens the keycode picker. */
export function ConfigureKeyboard() {
  const { t } = useTranslation('configure');
  const { selection } = useAppStores();
  const keyboard = useDevices((s) => s.keyboard);
  const layer = useDevices((s) => s.selectedLayer);
  const selected = useSelection((s) => s.selected);
  const multiSelect = useSelection((s) => s.multiSelect);
  const drawn = useKeyboardKeys(keyboard, layer);
  const actuation = keyboard?.actuation;
  // On the Actuation row keys show their actuation point in mm instead of their keycode.
  const keys = useMemo(
    () =>
      drawn.map((d) => {
        const ap = multiSelect && actuation && d.matrixIndex >= 0 ? actuation.keys[d.matrixIndex] : undefined;
        return ap
          ? {
              ...d.canvas,
              label: (ap.ap / UNITS_PER_MM).toFixed(2),
              topLabel: undefined,
              bottomLabel: undefined,
            }
          : d.canvas;
      }),
    [drawn, multiSelect, actuation],
  );
  const onSelect = useCallback((index: number | null) => selection.getState().select(index), [selection]);
  const onActivate = useCallback(() => selection.getState().requestPicker(), [selection]);
  const onToggle = useCallback(
    (index: number, on: boolean) => selection.getState().toggle(index, on),
    [selection],
  );
  if (!keyboard) return null;
  return (
    <KeyboardCanvas
      keys={keys}
      selected={selected}
      onSelect={onSelect}
      onToggle={onToggle}
      multiSelect={multiSelect}
      onActivate={onActivate}
      ariaLabel={t('keyboardLabel', { layer })}
    />
  );
}
