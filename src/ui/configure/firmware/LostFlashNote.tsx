import { use, useId } from 'react';
import { useStore } from 'zustand';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useAppStores } from '../../AppContext.tsx';
import { FlashStatus } from './LocalFlash.tsx';
import '../../common/onDemandParts.css';

/**
 * A keyboard unplugged mid-flash leaves the Configure screen with no keyboard, so no Firmware pane to say what
 * happened: this says it above the welcome card (the flash failed, and the keyboard may still be waiting for
 * data) until a keyboard is selected again. A flash that failed while the keyboard stayed is not repeated here.
 */
export function LostFlashNote() {
  const { t } = useTranslation('hardware');
  const id = useId();
  const { runtime } = useAppStores();
  const transfers = use(runtime.transfers.load());
  const progress = useStore(transfers, (s) => s.transfers.firmware);
  const lost = progress.state === 'saving' || progress.failure?.keyboardState === 'unknown';
  if (!lost) return null;
  return (
    <div className="screen">
      <section className="card" aria-labelledby={id}>
        <h2 id={id}>{t('firmware.lostTitle')}</h2>
        <FlashStatus kind="firmware" tool={t('firmware.title')} running={false} />
      </section>
    </div>
  );
}
