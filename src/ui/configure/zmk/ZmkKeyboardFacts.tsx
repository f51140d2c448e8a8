import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { StoreApi } from 'zustand/vanilla';
import { zmkSupports, type ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { serialNumberText } from '../../../zmk/deviceInfo.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';

/**
 * What is ZMK's own in the Save + Load pane: the chip id the keyboard reports (its name and connection are the
 * frame's foot), and Reset settings, asked first: it deletes what was saved and brings back the keymap the
 * firmware was built with.
 */
export function ZmkKeyboardFacts({
  state,
  store,
}: {
  state: Pick<ZmkKeyboardState, 'info' | 'busy' | 'unsupported'>;
  store: StoreApi<ZmkKeyboardState>;
}) {
  const { t } = useTranslation('zmk');
  const [confirming, setConfirming] = useState(false);
  const serial = state.info?.serialNumber;
  return (
    <>
      {serial && serial.length > 0 && (
        <div className="row">
          <span className="row-label">{t('facts.serial')}</span>
          <code>{serialNumberText(serial)}</code>
        </div>
      )}
      {zmkSupports(state, 'core.resetSettings') && (
        <div className="row">
          <span className="row-label">{t('reset.label')}</span>
          <button
            type="button"
            className="btn btn-danger"
            disabled={state.busy}
            onClick={() => setConfirming(true)}
          >
            {t('reset.button')}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('reset.title', { name: state.info?.name ?? '' })}
          description={<p>{t('reset.body')}</p>}
          cancelLabel={t('cancel')}
          confirmLabel={t('reset.button')}
          confirmKind="danger"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void store
              .getState()
              .resetSettings()
              .catch(() => undefined);
          }}
        />
      )}
    </>
  );
}
