import { useId } from 'react';
import './onDemandParts.css';
import './choiceSelect.css';

/**
 * A labelled number chosen from named values (a ZMK parameter's list, a layer by name, a modifier, a kind, a
 * behavior): `value` null shows `placeholder` (nothing chosen yet: marked invalid unless `optional`); a value none
 * of the options has is shown as `otherLabel` (kept, not offered); a `disabled` option is shown, not offered.
 */
export function ChoiceSelect({
  label,
  value,
  options,
  placeholder,
  optional = false,
  disabled = false,
  className,
  otherLabel,
  onChange,
}: {
  label: string;
  value: number | null;
  options: readonly { value: number; label: string; disabled?: boolean }[];
  placeholder: string;
  /** Nothing chosen is a state of its own (a key without a binding), not a mistake to mark. */
  optional?: boolean;
  /** Nothing can be chosen now (a request runs). */
  disabled?: boolean;
  /** The field's own class beside `choice-field` (where it stands in its family's layout). */
  className?: string;
  otherLabel(value: number): string;
  onChange(value: number): void;
}) {
  const id = useId();
  return (
    <div className={className ? `choice-field ${className}` : 'choice-field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value ?? ''}
        aria-invalid={value === null && !optional}
        disabled={disabled}
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
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
