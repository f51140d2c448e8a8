import { useReleasedRange } from '../../common/useReleasedRange.ts';
import '../../common/onDemandParts.css';

/**
 * A labelled range input with its value shown. Dragging moves only the shown value; the value is committed
 * when the pointer or key is released (one write and one undo step per gesture, not one per pixel).
 */
export function RangeRow({
  id,
  label,
  min,
  max,
  value,
  hint,
  onCommit,
}: {
  id: string;
  label: string;
  min: number;
  max: number;
  value: number;
  hint?: string | undefined;
  onCommit(value: number): void;
}) {
  const { draft, inputProps } = useReleasedRange(value, onCommit);
  return (
    <div className="row">
      <label className="row-label" htmlFor={id}>
        {label}
        {hint && <span className="row-hint">{hint}</span>}
      </label>
      <span className="range-control">
        <input id={id} type="range" min={min} max={max} {...inputProps} />
        <output htmlFor={id}>{draft}</output>
      </span>
    </div>
  );
}
