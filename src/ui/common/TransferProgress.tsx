import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { formatBytes } from '../../formats/size.ts';
import { secondsRemaining, type TransferProgress } from '../../state/transferStore.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import './progress.css';
import './transfer.css';

export interface TransferProgressProps {
  progress: TransferProgress;
  /** What a cancel reverts to factory default (shown in the confirmation). */
  tool: string;
  /** Offered only while saving and after the first bytes went out (extended.md §4). */
  onCancel?: () => void;
}

/** Progress of a bulk transfer: percent, bytes sent of total, speed and time left; cancel with confirmation. */
export function TransferProgressView({ progress, tool, onCancel }: TransferProgressProps) {
  const { t } = useTranslation('hardware');
  const [confirming, setConfirming] = useState(false);
  if (progress.state !== 'saving') return null;
  const percent = progress.total > 0 ? Math.floor((progress.bytesSent / progress.total) * 100) : 0;
  const remaining = secondsRemaining(progress);
  const started = progress.bytesSent > 0;
  return (
    <div className="transfer-progress" role="status" aria-live="polite">
      {started ? (
        <>
          <progress max={100} value={percent} aria-label={t('transfer.progress')} />
          <div className="transfer-figures">
            <strong>{percent}%</strong>
            <span>
              {formatBytes(progress.bytesSent)} / {formatBytes(progress.total)}
            </span>
            <span>{t('transfer.speed', { speed: formatBytes(progress.speed) })}</span>
            {remaining !== null && <span>{t('transfer.remaining', { seconds: remaining })}</span>}
          </div>
        </>
      ) : (
        <span className="transfer-figures">{t('transfer.initializing')}</span>
      )}
      {onCancel && started && !confirming && (
        <button type="button" className="btn" onClick={() => setConfirming(true)}>
          {t('transfer.cancel')}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('transfer.cancelTitle')}
          description={<p>{t('transfer.cancelQuestion', { tool })}</p>}
          cancelLabel={t('transfer.no')}
          confirmLabel={t('transfer.yes')}
          confirmKind="danger"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onCancel?.();
          }}
        />
      )}
    </div>
  );
}
