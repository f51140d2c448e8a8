import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { zmkHidUsageParam } from '../../../keymap/zmkBindingModel.ts';
import { hidUsageLabel } from '../../../zmk/bindingLabel.ts';
import { hidUsageToKeycode, ZMK_KEYCODE_PROTOCOL } from '../../../zmk/hidKeycodes.ts';
import { decodeHidUsage, encodeHidUsage, ZMK_MODS } from '../../../zmk/hidUsage.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { inWords, useLegendWords } from '../../legends/useLegendWords.ts';
import type { AnyKeyText } from '../keymap/KeycodeModal.tsx';
import { KeymapPane } from '../keymap/KeymapPane.tsx';
import { onDemand } from '../../common/onDemand.tsx';
// The modifier toggles wear the theme's checkboxes, not the browser's.
import '../paneControls.css';

// Any's field, its verdict line and suggestions load with their strings when Any is first opened.
const KeycodeModal = onDemand(
  () => import('../keymap/KeycodeModal.tsx').then((m) => m.KeycodeModal),
  ['panes', 'layoutFiles'],
);
const MODIFIERS = Object.entries(ZMK_MODS) as [keyof typeof ZMK_MODS, number][];

/**
 * A HID usage parameter: the keycode picker every family uses (KeymapPane: categories, buttons, hover line; Any
 * with its verdict line and suggestions), fed by the parameter's model (`zmkHidUsageParam`: the keys this
 * parameter's maxima accept, any of them typed as a .keymap writes it), and ZMK's implicit modifiers as toggles
 * above it.
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
  const hostLayout = useHostLayout();
  const words = useLegendWords();
  const [anyOpen, setAnyOpen] = useState(false);
  const { modifiers } = decodeHidUsage(value);
  const typed = param.text!;
  const any: AnyKeyText = {
    current: { label: t('any.current'), text: typed.write(value) },
    prompt: t('any.prompt'),
    placeholder: 'N1, LS(N1), C_VOL_UP',
    suggest: typed.suggest,
    read(text) {
      const read = typed.read(text);
      if (read === null) return null;
      if (read.ok)
        return {
          ok: true,
          code: read.value,
          // A key no legend draws (both hands' modifiers, a consumer usage beyond Media) by ZMK's own name.
          title:
            hidUsageToKeycode(read.value) === null
              ? typed.write(read.value)
              : inWords(words, hidUsageLabel(read.value, hostLayout).title),
        };
      return {
        ok: false,
        message: t(`any.${read.problem}`, { text: read.text }),
        unknownName: read.problem === 'unknownName',
      };
    },
  };
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
        onAny={() => setAnyOpen(true)}
      />
      {anyOpen && (
        <KeycodeModal
          protocol={ZMK_KEYCODE_PROTOCOL}
          family={any}
          onClose={() => setAnyOpen(false)}
          onConfirm={(usage) => {
            setAnyOpen(false);
            onChange(usage, true);
          }}
        />
      )}
    </fieldset>
  );
}
