import { useTranslation } from '../../../i18n/useTranslation.ts';
import './hiddenEncoders.css';

/**
 * Encoders the firmware has but the chosen layout options do not draw (split boards often put them inside an
 * option group). Their keymap entries still exist and are saved and loaded, so they stay editable from here.
 * Loaded only for a keyboard that has such encoders (ConfigureScreen).
 */
export function HiddenEncoders({
  encoders,
  chosen,
  onChoose,
}: {
  encoders: readonly number[];
  chosen: number | null;
  onChoose(encoder: number): void;
}) {
  const { t } = useTranslation('panes');
  if (encoders.length === 0) return null;
  return (
    <div className="hidden-encoders" role="group" aria-labelledby="hidden-encoders-label">
      <span id="hidden-encoders-label" className="row-hint">
        {t('hiddenEncoders')}
      </span>
      {encoders.map((e) => (
        <button
          key={e}
          type="button"
          className="btn btn-sm"
          aria-pressed={chosen === e}
          aria-label={t('encoderN', { n: e })}
          onClick={() => onChoose(e)}
        >
          E{e}
        </button>
      ))}
    </div>
  );
}
