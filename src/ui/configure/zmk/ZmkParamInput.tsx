import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { MODIFIER_HOLD, ZmkParamRole } from '../../../zmk/bindingDraft.ts';
import {
  alternativeShown,
  alternativeStart,
  type ZmkParamEditor,
  type ZmkSingleEditor,
} from '../../../zmk/bindingParams.ts';
import { hidUsageLabel } from '../../../zmk/bindingLabel.ts';
import { zmkParamField, zmkParamKindOptions } from '../../../zmk/paramField.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { inWords, useLegendWords } from '../../legends/useLegendWords.ts';
import { ChoiceSelect } from '../../common/ChoiceSelect.tsx';
import { NumberField } from '../../common/NumberField.tsx';
import { ZmkKeyPicker } from './ZmkKeyPicker.tsx';

type Editor = ZmkSingleEditor | typeof MODIFIER_HOLD;

/**
 * One parameter of a binding, edited as the behavior describes it (zmk/bindingParams.ts) in the field the core
 * words for it (`zmkParamField`): a list of named values, a number in a range, a layer by name, a key through the
 * keycode picker — or, when it accepts several kinds, a choice of kind first. `value` null: not chosen yet (nothing
 * is selected).
 */
export function ZmkParamInput({
  editor,
  value,
  role = null,
  entry,
  onChange,
}: {
  editor: ZmkParamEditor | typeof MODIFIER_HOLD;
  value: number | null;
  role?: ZmkParamRole;
  /** The key the parameter is of (`layerId:position`): a number typed for one key is not shown for the next. */
  entry: string;
  /** `picked`: a key was chosen from the key buttons. */
  onChange(value: number, picked?: boolean): void;
}) {
  const { t } = useTranslation('zmk');
  const [chosen, setChosen] = useState<number | null>(null);
  if (editor.kind === 'none') return null;
  if (editor.kind !== 'alternatives')
    return <Single editor={editor} value={value} role={role} entry={entry} onChange={onChange} />;
  const alternatives = editor.alternatives;
  const index = alternativeShown(alternatives, value, chosen);
  const shown = alternatives[index]!;
  return (
    <div className="zmk-param">
      <ChoiceSelect
        label={t('paramKind')}
        value={index}
        options={zmkParamKindOptions(t, alternatives)}
        placeholder=""
        otherLabel={String}
        onChange={(next) => {
          setChosen(next);
          const start = alternativeStart(alternatives[next]!, value);
          if (start !== null) onChange(start);
        }}
      />
      <Single editor={shown} value={value} role={role} entry={entry} onChange={onChange} />
    </div>
  );
}

function Single({
  editor,
  value,
  role,
  entry,
  onChange,
}: {
  editor: Editor;
  value: number | null;
  role: ZmkParamRole;
  entry: string;
  onChange(value: number, picked?: boolean): void;
}) {
  const { t } = useTranslation('zmk');
  const hostLayout = useHostLayout();
  const words = useLegendWords();
  const field = zmkParamField(t, editor, role, (usage) =>
    inWords(words, hidUsageLabel(usage, hostLayout).title),
  );
  if (field.kind === 'key') return <ZmkKeyPicker {...field} value={value ?? 0} onChange={onChange} />;
  // Typing writes nothing; Enter or leaving the field writes the number when in range.
  if (field.kind === 'number')
    return <NumberField {...field} value={value} entry={entry} onCommit={onChange} />;
  return <ChoiceSelect {...field} value={value} onChange={onChange} />;
}
