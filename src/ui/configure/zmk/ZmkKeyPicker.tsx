import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { zmkHidUsageParam } from '../../../keymap/zmkBindingModel.ts';
import { ZMK_KEYCODE_PROTOCOL } from '../../../zmk/hidKeycodes.ts';
import { ParamKeyPicker } from '../keymap/ParamKeyPicker.tsx';

/**
 * A HID usage parameter: every family's parameter picker (ParamKeyPicker) fed by `zmkHidUsageParam` (the keys
 * this parameter's maxima accept, ZMK's implicit modifiers, any key typed as a .keymap writes it), in ZMK's words.
 */
export function ZmkKeyPicker(props: {
  label: string;
  value: number;
  keyboardMax: number;
  consumerMax: number;
  onChange(value: number, picked?: boolean): void;
}) {
  const { t } = useTranslation('zmk');
  const { keyboardMax, consumerMax } = props;
  const param = useMemo(() => zmkHidUsageParam(keyboardMax, consumerMax), [keyboardMax, consumerMax]);
  const words = {
    current: t('any.current'),
    prompt: t('any.prompt'),
    unknownName: (text: string) => t('any.unknownName', { text }),
    notTaken: (text: string) => t('any.notTaken', { text }),
    modifiers: t('implicitModifiers'),
    modifier: (name: string) => t(`mod.${name}`),
  };
  const { label, value, onChange } = props;
  return (
    <ParamKeyPicker
      label={label}
      value={value}
      onChange={onChange}
      param={param}
      protocol={ZMK_KEYCODE_PROTOCOL}
      words={words}
    />
  );
}
