import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { MenuControl } from '../../../definitions/menus.ts';
import { useReleasedRange } from '../../common/useReleasedRange.ts';
import '../../common/onDemandParts.css';

/**
 * A custom menu's range row. Dragging moves only the shown value; it is written when the pointer or key is
 * released, as Keychron's sliders are (RangeRow): one write per gesture, not one per step. A value above 255 is
 * two bytes, high first.
 */
export function MenuRange({
  id,
  control,
  value,
  onChange,
}: {
  id: string;
  control: MenuControl;
  value: number[] | undefined;
  onChange(bytes: number[]): void;
}) {
  const { t: tf } = useTranslation('feedback');
  const bytes = value ?? [];
  const [min, max] = (control.options as [number, number] | undefined) ?? [0, 255];
  const wide = max > 255;
  const current = wide ? ((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0) : (bytes[0] ?? 0);
  // A stored value outside the definition's bounds shows clamped, as the slider can hold it, and flagged.
  const shown = Math.min(Math.max(current, min), max);
  const outside = value !== undefined && shown !== current;
  const { draft, inputProps } = useReleasedRange(shown, (v) => onChange(wide ? [v >> 8, v & 0xff] : [v]));
  return (
    <div className="row">
      <label className="row-label" htmlFor={id}>
        {control.label}
      </label>
      <span className="range-control">
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          aria-invalid={outside || undefined}
          {...(outside ? { 'aria-describedby': `${id}-flag` } : {})}
          {...inputProps}
        />
        <output htmlFor={id}>
          {draft}
          {control.unit ? ` ${control.unit}` : ''}
        </output>
        {outside && (
          <span id={`${id}-flag`} className="range-flag" role="note">
            {tf('outOfRange', { value: current, min, max })}
          </span>
        )}
      </span>
    </div>
  );
}
