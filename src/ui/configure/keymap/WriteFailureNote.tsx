import { useTranslation } from '../../../i18n/useTranslation.ts';
import { keyLegend } from '../../../keycodes/legends.ts';
import type { WriteFailure } from '../../../state/commands.ts';
import '../../common/onDemandParts.css';
import './writeFailureNote.css';

/** Says at the keymap pane that a write failed and the key shows its old code again (#17.5). */
export function WriteFailureNote({
  failure,
  protocol,
  onDismiss,
}: {
  failure: WriteFailure;
  protocol: number;
  onDismiss(): void;
}) {
  const { t } = useTranslation('feedback');
  const { edit } = failure;
  const place =
    edit.kind === 'encoder'
      ? t(edit.cw ? 'encoderCw' : 'encoderCcw', { n: edit.encoder, layer: edit.layer })
      : t('keyAt', { row: edit.row, col: edit.col, layer: edit.layer });
  return (
    <div className="card write-failure" role="alert">
      <span>
        {t('writeFailed', {
          place,
          legend: keyLegend(failure.shown, protocol).title,
          reason: failure.message,
        })}
      </span>
      <button type="button" className="btn" onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}
