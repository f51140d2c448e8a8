import type { MODIFIER_HOLD, ZmkParamRole } from './bindingDraft.ts';
import { paramOptions, type ZmkSingleEditor } from './bindingParams.ts';
import { ZMK_MODIFIER_KEYS } from './hidUsage.ts';
import { zmkParamLabel, zmkParamName, type TFunction } from './names.ts';

/** A named value of a list field. */
export interface ZmkFieldOption {
  value: number;
  label: string;
}

/**
 * How one parameter is asked for, in the user's language: a list of named values (`choice`: a modifier, a command,
 * a layer by name), a number in its range, or a key through the keycode picker.
 */
export type ZmkParamField =
  | {
      kind: 'choice';
      label: string;
      options: ZmkFieldOption[];
      placeholder: string;
      /** How a value none of the options has is shown (kept, not offered). */
      otherLabel(value: number): string;
    }
  | { kind: 'number'; label: string; min: number; max: number; rangeText: string }
  | { kind: 'key'; label: string; keyboardMax: number; consumerMax: number };

/**
 * One parameter's field as its editor describes it (`zmk/bindingParams.ts`), worded with `t` (the zmk strings): a
 * hold-tap's parameters labelled by their role ("Hold: Layer", "Tap: Key"), a Mod-Tap's hold as a modifier (a
 * modifier key the list lacks named by `keyTitle`), a list labelled by its kind (its values' descriptions are their
 * own names), ZMK's commands ("Select Profile") in the user's language, layers by the keyboard's names with one
 * removed this session named as such (a key may still point to it), not as a bare number.
 */
export function zmkParamField(
  t: TFunction,
  editor: ZmkSingleEditor | typeof MODIFIER_HOLD,
  role: ZmkParamRole,
  keyTitle: (usage: number) => string,
): ZmkParamField {
  const withRole = (name: string) => (role ? t(`role.${role}`, { name }) : name);
  if (editor.kind === 'modifier')
    return {
      kind: 'choice',
      label: withRole(t('modifier')),
      options: ZMK_MODIFIER_KEYS.map((m) => ({ value: m.usage, label: t(`mod.${m.name}`) })),
      placeholder: t('chooseModifier'),
      otherLabel: keyTitle,
    };
  if (editor.kind === 'hidUsage')
    return { ...editor, kind: 'key', label: withRole(zmkParamLabel(t, editor)) };
  const label = withRole(editor.kind === 'choice' ? t('paramKinds.choice') : zmkParamLabel(t, editor));
  if (editor.kind === 'range')
    return {
      ...editor,
      kind: 'number',
      label,
      rangeText: t('rangeHint', { min: editor.min, max: editor.max }),
    };
  const removed = editor.kind === 'layer' ? editor.removed : [];
  return {
    kind: 'choice',
    label,
    options: paramOptions(editor, (name) => zmkParamName(t, name)),
    placeholder: t('choose'),
    otherLabel: (value) => {
      const name = removed.find((l) => l.id === value)?.name;
      return name !== undefined ? t('removedLayerValue', { name }) : t('unknownValue', { value });
    },
  };
}

/** The choice of kind of a parameter that takes several (a key or a layer …), each named by its kind. */
export const zmkParamKindOptions = (
  t: TFunction,
  alternatives: readonly ZmkSingleEditor[],
): ZmkFieldOption[] => alternatives.map((a, i) => ({ value: i, label: zmkParamLabel(t, a) }));
