import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { FlashTarget } from '../../../bootloaders/flashTargets.ts';
import type { FlashKeyboard, FlashStage } from '../../../state/qmkFlashState.ts';
import { formatIds } from '../../../definitions/deviceIds.ts';
import { isLinuxPlatform } from '../../common/platform.ts';
import { BootloaderUdevBox } from '../../devices/BootloaderUdevBox.tsx';
import '../../common/progress.css';
import { useFlashText } from './useFlashText.ts';

/** Waiting for the bootloader: what to expect, how to reset by hand, and (late, on Linux) the udev rule. */
export function FlashWaiting({
  stage,
  target,
  keyboard,
  onResetByHand,
}: {
  stage: Extract<FlashStage, { kind: 'waiting' }>;
  target: FlashTarget;
  keyboard: FlashKeyboard;
  /** A virtual board reset by hand: plugged in holding Esc (`bootmagic`) or by its reset button. */
  onResetByHand(bootmagic: boolean): void;
}) {
  const { t } = useTranslation('flash');
  const ids = target.usb
    .map((id) => formatIds(id.vendorId, id.productId))
    .slice(0, 3)
    .join(', ');
  const byHand = !stage.jumped || stage.slow;
  return (
    <>
      <p role="status">
        {target.protocol === 'uf2' ? t('dialog.waitingDrive') : t('dialog.waiting', { ids })}
      </p>
      {target.bootloader === 'rp2040' && <p className="row-hint">{t('dialog.rp2040Drive')}</p>}
      {byHand && (
        <div className="flash-field">
          <p>{stage.jumped ? t('dialog.slow') : t('dialog.resetByHand')}</p>
          {/* A Keychron board's own ways in (its readme): the bootmagic key, or the reset button. */}
          <p>{keyboard.keychron ? t('dialog.keychronReset') : t(`reset.${target.bootloader}`)}</p>
          {keyboard.bootKey && <p className="row-hint">{t('dialog.bootKey', keyboard.bootKey)}</p>}
        </div>
      )}
      {keyboard.virtualReset && !stage.jumped && (
        <div className="flash-row">
          <button type="button" className="btn" onClick={() => onResetByHand(true)}>
            {t('dialog.virtualHoldEsc')}
          </button>
          {keyboard.virtualReset.resetButton && (
            <button type="button" className="btn" onClick={() => onResetByHand(false)}>
              {t('dialog.virtualResetButton')}
            </button>
          )}
        </div>
      )}
      {stage.slow && isLinuxPlatform() && <BootloaderUdevBox target={target} />}
    </>
  );
}

/** The flash itself: phase, a progress bar, the bytes or sectors done; what cancel is waiting for. */
export function FlashProgressView({ stage }: { stage: Extract<FlashStage, { kind: 'flashing' }> }) {
  const { t } = useTranslation('flash');
  const text = useFlashText();
  const p = stage.progress;
  let words = t('dialog.phase.write');
  if (p?.part === 'handedness') words = t('dialog.progressHand');
  else if (p?.phase === 'erase')
    words = t('dialog.progressSectors', { done: text.bytes(p.done), total: text.bytes(p.total) });
  else if (p?.phase === 'start') words = t('dialog.phase.start');
  else if (p)
    words = t('dialog.progressBytes', {
      phase: t(`dialog.phase.${p.phase}`),
      done: text.bytes(p.done),
      total: text.bytes(p.total),
    });
  return (
    <div className="flash-progress">
      <progress
        max={p?.total || 1}
        value={p?.done ?? 0}
        aria-label={t('dialog.progressLabel')}
        aria-valuetext={words}
      />
      <p role="status">{words}</p>
      <p className="row-hint">{t('dialog.keepPlugged')}</p>
      {stage.cancelling && <p className="row-hint">{t('dialog.cancelling')}</p>}
    </div>
  );
}
