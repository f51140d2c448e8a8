import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore, type StoreApi } from 'zustand';
import { BOOTLOADER_NAMES, flashTarget } from '../../../bootloaders/flashTargets.ts';
import type { QmkFlashState } from '../../../state/qmkFlashState.ts';
import { canWriteHandedness } from '../../../services/bootloaderFlash.ts';
import { backupDiffers } from '../../../state/flashBackup.ts';
import { useAppStores } from '../../AppContext.tsx';
import { Dialog } from '../../common/Dialog.tsx';
import { showOutcome } from '../../common/outcomes.ts';
import { downloadBackup, FlashFailed, FlashDone } from './FlashOutcome.tsx';
import { FlashProgressView, FlashWaiting } from './FlashProgressView.tsx';
import { FlashSetup } from './FlashSetup.tsx';
import { useFlashText } from './useFlashText.ts';
import '../../common/onDemandParts.css';

const RUNNING = new Set(['backingUp', 'entering', 'flashing', 'returning']);

/**
 * The flash dialog (issue 29, docs/flashing.md): set up (bootloader, file, split half), then each stage of the
 * flow the store runs (backup, bootloader, progress, the keyboard back and compared, or the failure and where it
 * left the keyboard), with the one action that stage needs. It cannot be closed while the flash writes.
 */
export function FlashDialog({ flash }: { flash: StoreApi<QmkFlashState> }) {
  const { t } = useTranslation('flash');
  const { selection } = useAppStores();
  const text = useFlashText();
  const state = useStore(flash);
  const { stage, keyboard, targetId, file } = state;
  const target = targetId ? flashTarget(targetId) : null;
  const running = RUNNING.has(stage.kind);

  // The outcome is also said where the user looks after the dialog closes.
  const outcome = stage.kind === 'done' ? stage.outcome : null;
  const problem = stage.kind === 'failed' ? stage.problem : null;
  useEffect(() => {
    if (outcome)
      showOutcome('success', t('dialog.doneToast', { verified: text.outcome(outcome) }), 'qmk-flash');
    if (problem) showOutcome('error', t('dialog.failed', { problem: text.problem(problem) }), 'qmk-flash');
  }, [outcome, problem, t, text]);

  // A stage's controls replace the last one's: the focus goes to its main action (else the dialog), never the page.
  useEffect(() => {
    const panel = document.querySelector<HTMLElement>('[data-testid="flash-dialog"]');
    if (!panel || panel.contains(document.activeElement)) return;
    (panel.querySelector<HTMLElement>('.dialog-actions .btn-primary:not([disabled])') ?? panel).focus();
  }, [stage.kind]);

  const close = () => flash.getState().close();
  const closeButton = (
    <button type="button" className="btn" disabled={running} onClick={close}>
      {t('dialog.close')}
    </button>
  );
  const cancel = (
    <button
      type="button"
      className="btn"
      disabled={stage.kind === 'flashing' && stage.cancelling}
      onClick={() => flash.getState().cancel()}
    >
      {t('dialog.cancel')}
    </button>
  );

  let body = null;
  let actions = closeButton;
  switch (stage.kind) {
    case 'setup':
      body = <FlashSetup flash={flash} />;
      actions = (
        <>
          {closeButton}
          <button
            type="button"
            className="btn btn-primary"
            disabled={
              !target ||
              !file?.bytes ||
              !flash.getState().canReach(target.protocol) ||
              (canWriteHandedness(target) && state.hand === undefined)
            }
            onClick={() => void flash.getState().start(file?.warning !== null)}
          >
            {file?.warning ? t('dialog.flashAnyway') : t('dialog.flash')}
          </button>
        </>
      );
      break;
    case 'backingUp':
    case 'entering':
      body = <p role="status">{t(`dialog.${stage.kind}`)}</p>;
      break;
    case 'waiting':
      body = target && keyboard && (
        <FlashWaiting
          stage={stage}
          target={target}
          keyboard={keyboard}
          onResetByHand={(bootmagic) => void state.resetByHand(bootmagic)}
        />
      );
      actions = (
        <>
          {cancel}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void flash.getState().chooseBootloader()}
          >
            {target?.protocol === 'uf2' ? t('dialog.chooseDrive') : t('dialog.chooseBootloader')}
          </button>
        </>
      );
      break;
    case 'otherBootloader': {
      const found = BOOTLOADER_NAMES[flashTarget(stage.found).bootloader] ?? stage.found;
      body = (
        <p role="alert" className="message message-warning">
          {t('dialog.otherBootloaderAsk', {
            found,
            expected: target ? (BOOTLOADER_NAMES[target.bootloader] ?? target.bootloader) : '',
          })}
        </p>
      );
      actions = (
        <>
          {cancel}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void flash.getState().switchBootloader()}
          >
            {t('dialog.switchBootloader', { name: found })}
          </button>
        </>
      );
      break;
    }
    case 'cancelled':
      body = (
        <p role="status">
          {t('dialog.cancelled')} {t(stage.restarted ? 'dialog.cancelledVirtual' : 'dialog.cancelledReal')}
        </p>
      );
      break;
    case 'flashing':
      body = <FlashProgressView stage={stage} />;
      actions = cancel;
      break;
    case 'returning':
      body = (
        <>
          <p className="message message-success">{text.outcome(stage.outcome)}</p>
          <p role="status">{t('dialog.returning')}</p>
        </>
      );
      break;
    case 'done':
      body = <FlashDone stage={stage} />;
      actions = (
        <>
          {closeButton}
          <button type="button" className="btn" onClick={() => downloadBackup(state)}>
            {t('dialog.downloadBackup')}
          </button>
          {stage.comparison && backupDiffers(stage.comparison) && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                flash.getState().askRestore();
                // Save + Load takes the request and shows its load preview.
                selection.getState().setPane('saveLoad');
              }}
            >
              {t('dialog.restore')}
            </button>
          )}
        </>
      );
      break;
    case 'failed':
      body = target && <FlashFailed stage={stage} target={target} />;
      actions = (
        <>
          {closeButton}
          {state.backup && (
            <button type="button" className="btn" onClick={() => downloadBackup(state)}>
              {t('dialog.downloadBackup')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void flash.getState().flashAgain()}
          >
            {t('dialog.flashAgain')}
          </button>
        </>
      );
  }

  return (
    <Dialog
      title={t('dialog.title', { name: keyboard?.name ?? '' })}
      className="flash-dialog"
      onClose={running ? undefined : close}
      busy={running}
      testId="flash-dialog"
      actions={actions}
    >
      <div className="flash-body">{body}</div>
    </Dialog>
  );
}
