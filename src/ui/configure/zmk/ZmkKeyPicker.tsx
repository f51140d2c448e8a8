import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { zmkHidUsageParam } from '../../../keymap/zmkBindingModel.ts';
import { decodeHidUsage, encodeHidUsage, ZMK_MODS } from '../../../zmk/hidUsage.ts';
import { KeymapPane } from '../keymap/KeymapPane.tsx';
// The modifier toggles wear the theme's checkboxes, not the browser's.
import '../paneControls.css';

const MODIFIERS = Object.entries(ZMK_MODS) as [keyof typeof ZMK_MODS, number][];

/**
 * A HID usage parameter: the keycode picker every family uses (KeymapPane: categories, buttons, hover line), fed
 * by the parameter's model (`zmkHidUsageParam`: the keys this parameter's maxima accept), and ZMK's implicit
 * modifiers as toggles above it.
 */
export function ZmkKeyPicker({
  label,
  value,
  keyboardMax,
  consumerMax,
  onChange,
}: {
  label: string;
  value: number;
  keyboardMax: number;
  consumerMax: number;
  /** `picked`: a key button was chosen (fast key mapping moves on), not a modifier toggled. */
  onChange(value: number, picked?: boolean): void;
}) {
  const { t } = useTranslation('zmk');
  const param = useMemo(() => zmkHidUsageParam(keyboardMax, consumerMax), [keyboardMax, consumerMax]);
  const { modifiers } = decodeHidUsage(value);
  const toggle = (bit: number, on: boolean) =>
    onChange(
      encodeHidUsage({ ...decodeHidUsage(value), modifiers: on ? modifiers | bit : modifiers & ~bit }),
    );
  return (
    <fieldset className="zmk-key-picker">
      <legend>{label}</legend>
      <div className="check-group modifier-group" role="group" aria-label={t('implicitModifiers')}>
        {MODIFIERS.map(([name, bit]) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={(modifiers & bit) !== 0}
              onChange={(e) => toggle(bit, e.target.checked)}
            />
            {t(`mod.${name}`)}
          </label>
        ))}
      </div>
      <KeymapPane
        categories={param.categories}
        current={param.keycodeOf(value)}
        disabled={false}
        onAssign={(code) => {
          const next = param.withKeycode(value, code);
          if (next !== null) onChange(next, true);
        }}
      />
    </fieldset>
  );
}
