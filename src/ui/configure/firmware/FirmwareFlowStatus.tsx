import { use } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { FirmwareFlow } from '../../../state/firmwareFlowStore.ts';
import { useAppStores } from '../../AppContext.tsx';
import { Message } from '../../common/Message.tsx';
import { TransferProgressView } from '../../common/TransferProgress.tsx';
import { TransferFailureNote } from '../../common/TransferFailureNote.tsx';

/**
 * Where a firmware update stands — which file of how many, flashing or waiting for the keyboard to restart —
 * and its outcome, both from the firmware-flow store, so they read the same after the pane remounts.
 */
export function FirmwareFlowStatus({ flow }: { flow: FirmwareFlow }) {
  const { t } = useTranslation(['vendor', 'hardware']);
  const { runtime } = useAppStores();
  const transfers = use(runtime.transfers.load());
  const progress = useStore(transfers, (s) => s.transfers.firmware);
  const { stage, outcome } = flow;
  const group = (g: string) => t(`vendor:flow.group.${g}`);
  return (
    <>
      {/* While the keyboard is being written to (its flashing, restarts and pauses between files): not before. */}
      {(stage || progress.state === 'saving') && (
        <p className="firmware-warning">{t('hardware:firmware.warning')}</p>
      )}
      {stage && (
        <p role="status" className="firmware-stage" data-testid="firmware-stage">
          {t(`vendor:flow.stage.${stage.phase}`, {
            group: group(stage.group),
            file: stage.file,
            count: stage.count,
            name: stage.name,
          })}
        </p>
      )}
      <TransferProgressView
        progress={progress}
        tool={t('hardware:firmware.title')}
        onCancel={() => transfers.getState().cancel('firmware')}
      />
      {outcome?.kind === 'success' && (
        <Message kind="success">
          {t('hardware:firmware.flashSuccessful')}{' '}
          {outcome.version !== null &&
            t(outcome.group === 'plc' ? 'vendor:flow.successPlc' : 'vendor:flow.success', {
              version: outcome.version,
            })}
        </Message>
      )}
      {outcome?.kind === 'noRestart' && (
        <Message kind="error">{t('vendor:flow.noRestart', { name: outcome.file })}</Message>
      )}
      {outcome?.kind === 'failed' && (
        <Message kind="error">
          {t('hardware:firmware.failedToFlash')}{' '}
          {t('vendor:flow.failedAt', { group: group(outcome.group), name: outcome.file })}{' '}
          <TransferFailureNote failure={outcome.failure} />
        </Message>
      )}
      {outcome?.kind === 'canceled' && <Message kind="info">{t('vendor:flow.canceled')}</Message>}
    </>
  );
}
