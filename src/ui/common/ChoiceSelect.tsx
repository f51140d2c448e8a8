import { useId } from 'react';
import './choiceSelect.css';

/**
 * A labelled number chosen from named values (a ZMK parameter's list, a layer by name, a modifier, a kind): `value` null shows `placeholder` (nothing chosen yet, marked invalid); a
 * value none of the options has is shown as `otherLabel` (kept, not offered).
 */
export function ChoiceSelect({
  label,
  value,
  options,
  placeholder,
  otherLabel,
  onChange,
}: {
  label: string;
  value: number | null;
  options: readonly { value: number; label: string }[];
  placeholder: string;
  otherLabel(value: number): string;
  onChange(value: number): void;
}) {
  const id = useId();
  return (
    <div className="choice-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value ?? ''}
        aria-invalid={value === null}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {value === null && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {value !== null && !options.some((o) => o.value === value) && (
          <option value={value}>{otherLabel(value)}</option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
