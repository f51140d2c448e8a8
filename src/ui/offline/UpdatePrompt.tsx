import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { useAppStores, useLazyStore } from '../AppContext.tsx';
import './updatePrompt.css';

/**
 * "A new version is ready — Reload": shown when a new build has been downloaded in the background, or when another
 * tab let a new version take over while this one still runs the old one. Nothing reloads by itself; while a transfer runs, Reload waits (a reload would cut the keyboard off mid-transfer).
 */
export function UpdatePrompt() {
  const { t } = useTranslation('feedback');
  const { appUpdate, runtime } = useAppStores();
  const ready = useStore(appUpdate, (s) => s.ready);
  const elsewhere = useStore(appUpdate, (s) => s.updatedElsewhere);
  // Before any transfer pane has opened there is no transfer store, and nothing is running.
  const transferring = useLazyStore(
    runtime.transfers,
    (s) => Object.values(s.transfers).some((p) => p.state === 'saving'),
    false,
  );
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span>{t(elsewhere ? 'update.elsewhere' : 'update.ready')}</span>
      {transferring && <span className="row-hint">{t('update.afterTransfer')}</span>}
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={transferring}
        onClick={() => appUpdate.getState().apply()}
      >
        {t('update.reload')}
      </button>
      <button type="button" className="btn btn-sm" onClick={() => appUpdate.getState().dismiss()}>
        {t('update.later')}
      </button>
    </div>
  );
}
