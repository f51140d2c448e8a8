import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useCommittedNumber } from '../../common/useCommittedNumber.ts';
import '../../common/textInput.css';

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
  const { valid, inputProps } = useCommittedNumber(value, min, max, onCommit, id);
  return (
    <div className="vial-number">
      <label htmlFor={id}>{label}</label>
      <span className="vial-number-input">
        <input id={id} className="text-input" aria-describedby={`${id}-range`} {...inputProps} />
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
