import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';

/** Shown while devices are searched for or a keyboard loads. */
export const AUTHORIZE_BUTTON_DELAY_MS = 3000;

export interface LoaderProps {
  phase: 'searching' | 'loading';
  /** No devices are connected: the 'Authorize device' button shows at once. */
  noDevices: boolean;
  onAuthorize?: () => void;
  /** Opens the connection doctor ('Connection doctor' stays offered while waiting). */
  onDoctor?: () => void;
}

export function Loader({ phase, noDevices, onAuthorize, onDoctor }: LoaderProps) {
  const { t } = useTranslation('shell');
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), AUTHORIZE_BUTTON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase]);
  return (
    <div className="loader" role="status" aria-live="polite">
      <div className="spinner" aria-hidden />
      <span>{phase === 'searching' ? t('searching') : t('loading')}</span>
      {onAuthorize && (noDevices || waitedLong) && (
        <button type="button" className="btn btn-primary" onClick={onAuthorize}>
          {t('authorizeDevice')}
        </button>
      )}
      {onDoctor && (noDevices || waitedLong) && (
        <button type="button" className="btn" onClick={onDoctor}>
          {t('doctorButton')}
        </button>
      )}
    </div>
  );
}
