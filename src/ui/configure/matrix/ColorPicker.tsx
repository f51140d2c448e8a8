import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { hexInput, rgbToHex, type Rgb } from '../../../matrix/frames.ts';
import '../../common/swatch.css';

/** Preset colours of the picker (extended.md §2): black, white, red, green, blue, yellow, magenta, cyan. */
const PRESETS: readonly [string, Rgb][] = [
  ['black', { r: 0, g: 0, b: 0 }],
  ['white', { r: 255, g: 255, b: 255 }],
  ['red', { r: 255, g: 0, b: 0 }],
  ['green', { r: 0, g: 255, b: 0 }],
  ['blue', { r: 0, g: 0, b: 255 }],
  ['yellow', { r: 255, g: 255, b: 0 }],
  ['magenta', { r: 255, g: 0, b: 255 }],
  ['cyan', { r: 0, g: 255, b: 255 }],
];

/** The paint colour: a preview that opens the system picker (no alpha), preset swatches and a hex field. */
export function ColorPicker({
  color,
  disabled,
  onChange,
}: {
  color: Rgb;
  disabled: boolean;
  onChange(color: Rgb): void;
}) {
  const { t } = useTranslation('hardware');
  const hex = rgbToHex(color);
  const [text, setText] = useState(hex);
  useEffect(() => setText(hex), [hex]);
  return (
    <div className="color-picker" role="group" aria-label={t('matrix.color')}>
      <label className="color-preview" style={{ background: hex }} title={t('matrix.pickColor')}>
        <input
          type="color"
          value={hex}
          disabled={disabled}
          aria-label={t('matrix.pickColor')}
          onChange={(e) => {
            const parsed = hexInput(e.target.value).color;
            if (parsed) onChange(parsed);
          }}
        />
      </label>
      <input
        className="color-hex"
        value={text}
        maxLength={7}
        disabled={disabled}
        aria-label={t('matrix.hex')}
        spellCheck={false}
        onChange={(e) => {
          const parsed = hexInput(e.target.value);
          setText(parsed.text);
          if (parsed.color) onChange(parsed.color);
        }}
        onBlur={() => setText(hex)}
      />
      <div className="color-presets">
        {PRESETS.map(([name, preset]) => (
          <button
            key={name}
            type="button"
            className="swatch"
            style={{ background: rgbToHex(preset) }}
            disabled={disabled}
            aria-label={t(`matrix.presets.${name}`)}
            aria-pressed={rgbToHex(preset) === hex}
            onClick={() => onChange(preset)}
          />
        ))}
      </div>
    </div>
  );
}
