import { useTranslation } from '../../../i18n/useTranslation.ts';
import { NumberField as SharedNumberField } from '../../common/NumberField.tsx';

/** The shared NumberField in Vial's words: its range, and what to enter when the number is outside it. */
export function NumberField(props: {
  id: string;
  label: string;
  unit?: string;
  min: number;
  max: number;
  value: number;
  onCommit(value: number): void;
}) {
  const { t } = useTranslation('vial');
  const range = { min: props.min, max: props.max };
  return (
    <SharedNumberField
      {...props}
      rangeText={t('settings.range', range)}
      wrongText={t('settings.outOfRange', range)}
    />
  );
}
