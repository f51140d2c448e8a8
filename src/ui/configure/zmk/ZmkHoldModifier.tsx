import { useTranslation } from '../../../i18n/useTranslation.ts';
import { hidUsageLabel } from '../../../zmk/bindingLabel.ts';
import {
  encodeHidUsage,
  HID_FIRST_MODIFIER_KEY,
  HID_PAGE_KEYBOARD,
  ZMK_MODS,
} from '../../../zmk/hidUsage.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { inWords, useLegendWords } from '../../legends/useLegendWords.ts';
import { ZmkChoiceSelect } from './ZmkChoiceSelect.tsx';

/** ZMK's modifier names in HID order: Left Ctrl is usage 0xE0, … Right GUI 0xE7 (the same order as the bits). */
const MODIFIERS = (Object.keys(ZMK_MODS) as (keyof typeof ZMK_MODS)[]).map((name, i) => ({
  name,
  usage: encodeHidUsage({ modifiers: 0, page: HID_PAGE_KEYBOARD, id: HID_FIRST_MODIFIER_KEY + i }),
}));

/**
 * The hold of a Mod-Tap: a modifier, chosen from a list (a hold that types another key is kept and shown, not
 * offered). `value` null: not chosen yet, and the binding is not written until it is.
 */
export function ZmkHoldModifier({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange(value: number): void;
}) {
  const { t } = useTranslation('zmk');
  const hostLayout = useHostLayout();
  const words = useLegendWords();
  return (
    <ZmkChoiceSelect
      label={label}
      value={value}
      options={MODIFIERS.map((m) => ({ value: m.usage, label: t(`mod.${m.name}`) }))}
      placeholder={t('chooseModifier')}
      otherLabel={(other) => inWords(words, hidUsageLabel(other, hostLayout).title)}
      onChange={onChange}
    />
  );
}
