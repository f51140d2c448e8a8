import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { keycodeCategories, type CategoryId } from '../../../keycodes/categories.ts';
import {
  hidUsageToKeycode,
  keycodeFitsHidParam,
  keycodeToHidUsage,
  ZMK_KEYCODE_PROTOCOL,
} from '../../../zmk/hidKeycodes.ts';
import { decodeHidUsage, encodeHidUsage, ZMK_MODS } from '../../../zmk/hidUsage.ts';
import { useLegendRows } from '../../legends/useLegendRows.ts';
import { KeycodeCategoryNav } from '../keymap/KeycodeCategoryNav.tsx';
import { KeycodeGrid } from '../keymap/KeycodeGrid.tsx';
// The modifier toggles wear the theme's checkboxes, not the browser's.
import '../paneControls.css';

const PICKER_CATEGORIES: CategoryId[] = ['basic', 'media'];
const MODIFIERS = Object.entries(ZMK_MODS) as [keyof typeof ZMK_MODS, number][];

/**
 * A HID usage parameter chosen with the keycode buttons every family uses (KeycodeGrid: the basic and media keys
 * this parameter's maxima accept, legends in the computer's layout) and ZMK's implicit modifiers as toggles beside them.
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
  const { t } = useTranslation(['zmk', 'keycodes']);
  const [categoryId, setCategoryId] = useState<CategoryId>('basic');
  const allRows = useLegendRows(categoryId !== 'basic');
  const usage = decodeHidUsage(value);
  // The key without its modifiers: the button marked as chosen.
  const current = hidUsageToKeycode(encodeHidUsage({ ...usage, modifiers: 0 }));
  const categories = useMemo(
    () =>
      keycodeCategories({
        protocol: ZMK_KEYCODE_PROTOCOL,
        definitionVersion: 'v3',
        keycodeModules: [],
        macroCount: 0,
        macrosSupported: false,
        layerCount: 0,
      })
        .filter((c) => PICKER_CATEGORIES.includes(c.id))
        .map((c) => ({
          id: c.id,
          keycodes: c.keycodes.filter((k) => keycodeFitsHidParam(k.code, keyboardMax, consumerMax)),
        })),
    // allRows: the buttons are made again once the later legend rows are in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [keyboardMax, consumerMax, allRows],
  );
  const category = categories.find((c) => c.id === categoryId) ?? categories[0]!;
  const pick = (code: number) => {
    const picked = keycodeToHidUsage(code);
    if (picked === null) return;
    const decoded = decodeHidUsage(picked);
    onChange(encodeHidUsage({ ...decoded, modifiers: usage.modifiers | decoded.modifiers }), true);
  };

  return (
    <fieldset className="zmk-key-picker">
      <legend>{label}</legend>
      <div className="zmk-mods" role="group" aria-label={t('zmk:implicitModifiers')}>
        {MODIFIERS.map(([name, bit]) => (
          <label key={name} className="zmk-mod">
            <input
              type="checkbox"
              checked={(usage.modifiers & bit) !== 0}
              onChange={(e) =>
                onChange(
                  encodeHidUsage({
                    ...usage,
                    modifiers: e.target.checked ? usage.modifiers | bit : usage.modifiers & ~bit,
                  }),
                )
              }
            />
            {t(`zmk:mod.${name}`)}
          </label>
        ))}
      </div>
      <KeycodeCategoryNav
        categories={categories}
        current={category.id}
        onPick={setCategoryId}
        label={t('zmk:keyCategories')}
        className="submenu submenu-row"
      />
      <KeycodeGrid
        label={t(`keycodes:category.${category.id}`)}
        keycodes={category.keycodes}
        current={current}
        onPick={pick}
      />
    </fieldset>
  );
}
