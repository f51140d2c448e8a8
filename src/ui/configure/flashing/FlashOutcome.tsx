import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { FlashTarget } from '../../../bootloaders/flashTargets.ts';
import { backupFileName } from '../../../state/flashBackup.ts';
import { bootloaderNotOpened, type FlashStage, type QmkFlashState } from '../../../state/qmkFlashState.ts';
import { downloadBlob } from '../../common/download.ts';
import { Message } from '../../common/Message.tsx';
import { isLinuxPlatform } from '../../common/platform.ts';
import { BootloaderUdevBox } from '../../devices/BootloaderUdevBox.tsx';
import { FitNotes } from '../saveLoad/FitNotes.tsx';
import { useFlashText } from './useFlashText.ts';

/** Downloads the backup taken before the flash (a layout file Save + Load and VIA can load). */
export function downloadBackup(state: Pick<QmkFlashState, 'backup' | 'keyboard'>): void {
  if (!state.backup) return;
  const blob = new Blob([JSON.stringify(state.backup.file, null, 2)], { type: 'application/json' });
  downloadBlob(blob, backupFileName(state.keyboard?.name ?? 'keyboard'));
}

/** Flashed: what was verified, whether the keyboard is back, and how it compares with the backup. */
export function FlashDone({ stage }: { stage: Extract<FlashStage, { kind: 'done' }> }) {
  const { t } = useTranslation('flash');
  const text = useFlashText();
  const c = stage.comparison;
  return (
    <>
      <Message kind="success">{text.outcome(stage.outcome)}</Message>
      {stage.hand && (
        <p data-testid="flash-hand">
          {t(stage.hand === 'left' ? 'dialog.handWrittenLeft' : 'dialog.handWrittenRight')}
        </p>
      )}
      <p>{stage.back ? t('dialog.back') : t('dialog.notBack')}</p>
      {c?.kind === 'cannot' && (
        <Message kind="error">{t('dialog.cannotRestore', { message: c.message })}</Message>
      )}
      {c?.kind === 'compared' && (
        <>
          <p data-testid="flash-comparison">
            {c.keys + c.macros + c.encoders + c.settings + c.keychron === 0
              ? t('dialog.same')
              : t('dialog.differs', {
                  list: (['keys', 'macros', 'encoders', 'settings', 'keychron'] as const)
                    .filter((part) => c[part] > 0)
                    .map((part) => t(`dialog.part.${part}`, { count: c[part] }))
                    .join(', '),
                })}
          </p>
          {c.keychronKinds.length > 0 && (
            <p data-testid="flash-keychron-parts">
              {t('dialog.keychronDiffers', {
                list: c.keychronKinds.map((kind) => t(`dialog.keychronKind.${kind}`)).join(', '),
              })}
            </p>
          )}
          <FitNotes notes={c.notes} unknown={c.unknown} missingValues={c.missingValues} />
        </>
      )}
    </>
  );
}

/** Failed: the exact reason, and where it left the keyboard (in its bootloader, or untouched). */
export function FlashFailed({
  stage,
  target,
}: {
  stage: Extract<FlashStage, { kind: 'failed' }>;
  target: FlashTarget;
}) {
  const { t } = useTranslation('flash');
  const text = useFlashText();
  return (
    <>
      <Message kind="error">{t('dialog.failed', { problem: text.problem(stage.problem) })}</Message>
      <p>{t(stage.keyboardState === 'incomplete' ? 'dialog.incomplete' : 'dialog.untouched')}</p>
      {bootloaderNotOpened(stage.problem) && isLinuxPlatform() && <BootloaderUdevBox target={target} />}
    </>
  );
}
