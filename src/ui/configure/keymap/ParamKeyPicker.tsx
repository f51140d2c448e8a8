import { useState } from 'react';
import type { KeycodeParam } from '../../../keymap/bindingModel.ts';
import { keyFaceLabel } from '../../../keycodes/keyFaceLabel.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { inWords, useLegendWords } from '../../legends/useLegendWords.ts';
import { onDemand } from '../../common/onDemand.tsx';
import type { AnyKeyText } from './KeycodeModal.tsx';
import { KeymapPane } from './KeymapPane.tsx';
// The modifier toggles wear the theme's checkboxes, not the browser's.
import '../paneControls.css';
import './keycodePicker.css';

// Any's field, its verdict line and suggestions load with their strings when Any is first opened.
const KeycodeModal = onDemand(
  () => import('./KeycodeModal.tsx').then((m) => m.KeycodeModal),
  ['panes', 'layoutFiles'],
);

/** The family's words around its parameter: Any's lines and refusals, the modifiers' group and names. */
export interface ParamKeyWords {
  current: string;
  prompt: string;
  unknownName(text: string): string;
  notTaken(text: string): string;
  modifiers: string;
  modifier(name: string): string;
}

/** A parameter whose value is a number (a VIA keycode, a ZMK HID usage): Any reads it as the picker's code. */
export interface ParamKeyPickerProps {
  label: string;
  /** The parameter's model (keymap/bindingModel.ts): the keycodes it takes, its text, its modifiers. */
  param: KeycodeParam<number>;
  /** The numbering the parameter's keycodes are named in. */
  protocol: number;
  value: number;
  words: ParamKeyWords;
  /** `picked`: a key button was chosen or a key typed (fast key mapping moves on), not a modifier toggled. */
  onChange(value: number, picked?: boolean): void;
}

/**
 * A family's key parameter in the keycode picker every family uses (KeymapPane: categories, buttons, hover line),
 * fed by the parameter's model: the modifiers it holds beside its key as toggles above the picker, and Any (its
 * verdict line and suggestions) reading the family's own text.
 */
export function ParamKeyPicker({ label, param, protocol, value, words, onChange }: ParamKeyPickerProps) {
  const hostLayout = useHostLayout();
  const legendWords = useLegendWords();
  const [anyOpen, setAnyOpen] = useState(false);
  const typed = param.text;
  const any: AnyKeyText | undefined = typed && {
    current: { label: words.current, text: typed.write(value) },
    prompt: words.prompt,
    placeholder: typed.example,
    suggest: typed.suggest,
    read(text) {
      const read = typed.read(text);
      if (read === null) return null;
      if (!read.ok)
        return {
          ok: false,
          message: read.problem === 'unknownName' ? words.unknownName(read.text) : words.notTaken(read.text),
          unknownName: read.problem === 'unknownName',
        };
      const code = typed.keycodeOf(read.value);
      return {
        ok: true,
        code: read.value,
        // A key no legend draws (both hands' modifiers, a consumer usage beyond Media) by the family's own name.
        title:
          code === null
            ? typed.write(read.value)
            : inWords(legendWords, keyFaceLabel(code, protocol, hostLayout).title),
      };
    },
  };
  const mods = param.modifiers;
  const mask = mods ? mods.of(value) : 0;
  return (
    <fieldset className="param-key-picker">
      <legend>{label}</legend>
      {mods && (
        <div className="check-group modifier-group" role="group" aria-label={words.modifiers}>
          {mods.names.map((name, bit) => (
            <label key={name}>
              <input
                type="checkbox"
                checked={(mask & (1 << bit)) !== 0}
                onChange={(e) =>
                  onChange(mods.with(value, e.target.checked ? mask | (1 << bit) : mask & ~(1 << bit)))
                }
              />
              {words.modifier(name)}
            </label>
          ))}
        </div>
      )}
      <KeymapPane
        categories={param.categories}
        current={param.keycodeOf(value)}
        disabled={false}
        onAssign={(code) => {
          const next = param.withKeycode(value, code);
          if (next !== null) onChange(next, true);
        }}
        onAny={any && (() => setAnyOpen(true))}
      />
      {any && anyOpen && (
        <KeycodeModal
          protocol={protocol}
          family={any}
          onClose={() => setAnyOpen(false)}
          onConfirm={(typedValue) => {
            setAnyOpen(false);
            onChange(typedValue, true);
          }}
        />
      )}
    </fieldset>
  );
}
