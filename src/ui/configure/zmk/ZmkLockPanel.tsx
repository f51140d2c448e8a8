import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ZmkLockSnapshot } from '../../../zmk/lockState.ts';

/**
 * The lock, while it keeps requests waiting (docs/zmk-studio-protocol.md "The lock"): what waits, and what to do —
 * press the key bound to &studio_unlock on the keyboard. Nothing to click for a real keyboard: the requests go on
 * by themselves when it says it is unlocked. A virtual keyboard gets a button that presses its key.
 */
export function ZmkLockPanel({
  lock,
  onPressVirtualKey,
}: {
  lock: ZmkLockSnapshot;
  onPressVirtualKey?: (() => void) | undefined;
}) {
  const { t } = useTranslation('zmk');
  if (lock.state !== 'locked') return null;
  const waiting = [...new Set(lock.waiting)];
  return (
    <section className="card zmk-lock" role="status" aria-labelledby="zmk-lock-title" data-testid="zmk-lock">
      <h2 id="zmk-lock-title">{t('lock.title')}</h2>
      <p>{t('lock.press')}</p>
      {waiting.length > 0 && (
        <>
          <p className="row-hint">{t('lock.waiting')}</p>
          <ul className="zmk-waiting">
            {waiting.map((name) => (
              <li key={name}>{t(`request.${name}`, { defaultValue: name })}</li>
            ))}
          </ul>
        </>
      )}
      <p className="row-hint">{t('lock.idle')}</p>
      {onPressVirtualKey && (
        <button type="button" className="btn btn-primary" onClick={onPressVirtualKey}>
          {t('lock.pressVirtual')}
        </button>
      )}
    </section>
  );
}
