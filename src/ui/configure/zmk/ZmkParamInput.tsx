import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { MODIFIER_HOLD, ZmkParamRole } from '../../../zmk/bindingDraft.ts';
import {
  alternativeShown,
  alternativeStart,
  paramOptions,
  type ZmkParamEditor,
  type ZmkSingleEditor,
} from '../../../zmk/bindingParams.ts';
import { hidUsageLabel } from '../../../zmk/bindingLabel.ts';
import { ZMK_MODIFIER_KEYS } from '../../../zmk/hidUsage.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { inWords, useLegendWords } from '../../legends/useLegendWords.ts';
import { ChoiceSelect } from '../../common/ChoiceSelect.tsx';
import { NumberField } from '../../common/NumberField.tsx';
import { ZmkKeyPicker } from './ZmkKeyPicker.tsx';
import { zmkParamLabel, zmkParamName } from '../../../zmk/names.ts';

type Editor = ZmkSingleEditor | typeof MODIFIER_HOLD;

/**
 * One parameter of a binding, edited as the behavior describes it (zmk/bindingParams.ts): a list of named values,
 * a number in a range, a layer by name, a key through the keycode picker — or, when it accepts several kinds, a
 * choice of kind first. `value` null: not chosen yet (nothing is selected). A hold-tap's parameters are labelled
 * by their role ("Hold: Layer", "Tap: Key").
 */
export function ZmkParamInput({
  editor,
  value,
  role = null,
  onChange,
}: {
  editor: ZmkParamEditor | typeof MODIFIER_HOLD;
  value: number | null;
  role?: ZmkParamRole;
  /** `picked`: a key was chosen from the key buttons. */
  onChange(value: number, picked?: boolean): void;
}) {
  const { t } = useTranslation('zmk');
  const [chosen, setChosen] = useState<number | null>(null);
  if (editor.kind === 'none') return null;
  if (editor.kind !== 'alternatives')
    return <Single editor={editor} value={value} role={role} onChange={onChange} />;
  const alternatives = editor.alternatives;
  const index = alternativeShown(alternatives, value, chosen);
  const shown = alternatives[index]!;
  return (
    <div className="zmk-param">
      <ChoiceSelect
        label={t('paramKind')}
        value={index}
        options={alternatives.map((a, i) => ({
          value: i,
          label: zmkParamLabel(t, a),
        }))}
        placeholder=""
        otherLabel={String}
        onChange={(next) => {
          setChosen(next);
          const start = alternativeStart(alternatives[next]!, value);
          if (start !== null) onChange(start);
        }}
      />
      <Single editor={shown} value={value} role={role} onChange={onChange} />
    </div>
  );
}

function Single({
  editor,
  value,
  role,
  onChange,
}: {
  editor: Editor;
  value: number | null;
  role: ZmkParamRole;
  onChange(value: number, picked?: boolean): void;
}) {
  const { t } = useTranslation('zmk');
  const hostLayout = useHostLayout();
  const words = useLegendWords();
  const withRole = (name: string) => (role ? t(`role.${role}`, { name }) : name);
  if (editor.kind === 'modifier')
    return (
      <ChoiceSelect
        label={withRole(t('modifier'))}
        value={value}
        options={ZMK_MODIFIER_KEYS.map((m) => ({ value: m.usage, label: t(`mod.${m.name}`) }))}
        placeholder={t('chooseModifier')}
        otherLabel={(other) => inWords(words, hidUsageLabel(other, hostLayout).title)}
        onChange={onChange}
      />
    );
  if (editor.kind === 'hidUsage')
    return (
      <ZmkKeyPicker
        label={withRole(zmkParamLabel(t, editor))}
        value={value ?? 0}
        keyboardMax={editor.keyboardMax}
        consumerMax={editor.consumerMax}
        onChange={onChange}
      />
    );
  // A list of named values is labelled by its kind: its descriptions' names are the values' own names.
  const label = withRole(editor.kind === 'choice' ? t('paramKinds.choice') : zmkParamLabel(t, editor));
  // Typing writes nothing; Enter or leaving the field writes the number when in range.
  if (editor.kind === 'range')
    return (
      <NumberField
        label={label}
        min={editor.min}
        max={editor.max}
        value={value}
        rangeText={t('rangeHint', { min: editor.min, max: editor.max })}
        onCommit={onChange}
      />
    );
  // Layers by the keyboard's names; ZMK's commands ("Select Profile") in the user's language.
  const options = paramOptions(editor, (label) => zmkParamName(t, label));
  // A layer this session removed is named as such (a key may still point to it), not as a bare number.
  const removedName = editor.kind === 'layer' ? editor.removed.find((l) => l.id === value)?.name : undefined;
  return (
    <ChoiceSelect
      label={label}
      value={value}
      options={options}
      placeholder={t('choose')}
      otherLabel={(other) =>
        removedName !== undefined
          ? t('removedLayerValue', { name: removedName })
          : t('unknownValue', { value: other })
      }
      onChange={onChange}
    />
  );
}
