import { useId } from 'react';
import { useCommittedNumber } from './useCommittedNumber.ts';
import './onDemandParts.css';
import './numberField.css';
import './textInput.css';

/**
 * A labelled whole-number field with its range (every family's: Vial's settings, ZMK's number parameters): typing
 * is free, the value is committed on Enter or leaving the field when it is in range; out of range it is marked
 * invalid, `wrongText` said in the error colour, and nothing is written. `value` null: nothing chosen yet (the
 * field starts empty and is not called wrong until something is typed).
 */
export function NumberField({
  id: givenId,
  label,
  unit,
  min,
  max,
  value,
  rangeText,
  wrongText = rangeText,
  entry,
  onCommit,
}: {
  id?: string;
  label: string;
  unit?: string | undefined;
  min: number;
  max: number;
  value: number | null;
  /** The range, said under the field ("From 0 to 4"). */
  rangeText: string;
  /** What is wrong while the number is outside the range; the range itself when not given. */
  wrongText?: string;
  /** What the number belongs to (a key's binding): when it changes, what was typed and not committed is dropped. */
  entry?: unknown;
  onCommit(value: number): void;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const { valid, inputProps } = useCommittedNumber(value, min, max, onCommit, entry ?? id);
  const wrong = !valid && (value !== null || inputProps.value.trim() !== '');
  return (
    <div className="number-field">
      <label htmlFor={id}>{label}</label>
      <span className="number-field-input">
        <input id={id} className="text-input" aria-describedby={`${id}-range`} {...inputProps} />
        {unit && <span className="row-hint">{unit}</span>}
      </span>
      <span
        id={`${id}-range`}
        className={wrong ? 'form-error number-field-range' : 'row-hint number-field-range'}
      >
        {wrong ? wrongText : rangeText}
      </span>
    </div>
  );
}
