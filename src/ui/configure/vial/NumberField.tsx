import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import '../textInput.css';

/**
 * A whole-number field with its range: typing is free, the value is committed on Enter or leaving the field
 * when it is in range; out of range it is marked invalid with the range said, and nothing is written.
 */
export function NumberField({
  id,
  label,
  unit,
  min,
  max,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  unit?: string;
  min: number;
  max: number;
  value: number;
  onCommit(value: number): void;
}) {
  const { t } = useTranslation('vial');
  const [text, setText] = useState(String(value));
  // The value shown follows the keyboard (a failed write puts the old value back; another entry is chosen).
  useEffect(() => setText(String(value)), [value, id]);
  const parsed = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const valid = Number.isInteger(parsed) && parsed >= min && parsed <= max;
  const commit = () => {
    if (valid && parsed !== value) onCommit(parsed);
  };
  return (
    <div className="vial-number">
      <label htmlFor={id}>{label}</label>
      <span className="vial-number-input">
        <input
          id={id}
          className="text-input"
          inputMode="numeric"
          value={text}
          aria-invalid={!valid}
          aria-describedby={`${id}-range`}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'Escape') setText(String(value));
          }}
        />
        {unit && <span className="row-hint">{unit}</span>}
      </span>
      <span
        id={`${id}-range`}
        className={valid ? 'row-hint vial-number-range' : 'form-error vial-number-range'}
      >
        {valid ? t('settings.range', { min, max }) : t('settings.outOfRange', { min, max })}
      </span>
    </div>
  );
}
