import { use } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { useAppStores } from '../../AppContext.tsx';
import '../../common/onDemandParts.css';

/** The last Vial write that failed (its value was put back), until dismissed or the next edit. */
export function VialFailureNote() {
  const { t } = useTranslation('vial');
  const store = use(useAppStores().runtime.vialFeatures.load());
  const failure = useStore(store, (s) => s.failure);
  if (!failure) return null;
  return (
    <div className="card vial-failure" role="alert">
      <span>{t('writeFailed', { message: failure.message })}</span>
      <button type="button" className="btn btn-sm" onClick={() => store.getState().dismissFailure()}>
        {t('dismiss')}
      </button>
    </div>
  );
}
