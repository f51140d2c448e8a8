import { PALETTE_HUES } from '../../../definitions/vendorMenus.ts';
import { hsToHex } from '../../common/color.ts';
import { ColorControl } from './ColorControl.tsx';
import '../../common/swatch.css';
import './customMenu.css';

/**
 * The paint palette beside a canvas that paints keys (VIA's per-key colours, Keychron lighting): nine preset
 * hues at full saturation and a control for any colour. `value` is QMK hue/saturation (0–255).
 */
export function HuePalette({
  label,
  customLabel,
  hueLabel,
  value,
  onChoose,
}: {
  label: string;
  customLabel: string;
  /** The accessible name of a preset, by its hue in degrees. */
  hueLabel(degrees: number): string;
  value: [number, number];
  onChoose(value: [number, number]): void;
}) {
  return (
    <span className="palette" role="group" aria-label={label}>
      {PALETTE_HUES.map((hue) => (
        <button
          key={hue}
          type="button"
          className="swatch"
          style={{ background: hsToHex(hue, 255) }}
          aria-label={hueLabel(Math.round((hue / 255) * 360))}
          aria-pressed={value[0] === hue && value[1] === 255}
          onClick={() => onChoose([hue, 255])}
        />
      ))}
      <ColorControl label={customLabel} value={value} onCommit={onChoose} />
    </span>
  );
}
