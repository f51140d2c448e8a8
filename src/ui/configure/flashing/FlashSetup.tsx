import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore, type StoreApi } from 'zustand';
import { FLASH_TARGETS, flashTarget } from '../../../bootloaders/flashTargets.ts';
import { canWriteHandedness } from '../../../services/bootloaderFlash.ts';
import { firmwareFileReadable, type QmkFlashState } from '../../../state/qmkFlashState.ts';
import { useDevices } from '../../AppContext.tsx';
import { downloadBlob } from '../../common/download.ts';
import { FileButton } from '../../common/FileButton.tsx';
import { Message } from '../../common/Message.tsx';
import { readBytes } from '../../common/readFile.ts';
import { useFlashText } from './useFlashText.ts';
import { PROTOCOL_API, targetLabel } from './targetLabel.ts';
import '../../common/onDemandParts.css';

/** The flash dialog's first screen: which bootloader, which file, which half of a split keyboard. */
export function FlashSetup({ flash }: { flash: StoreApi<QmkFlashState> }) {
  const { t } = useTranslation('flash');
  const text = useFlashText();
  const ids = { target: useId(), file: useId(), steps: useId() };
  const targetId = useStore(flash, (s) => s.targetId);
  const file = useStore(flash, (s) => s.file);
  const hand = useStore(flash, (s) => s.hand);
  const path = useStore(flash, (s) => s.keyboard?.path);
  const virtual = useDevices((s) => s.devices.find((d) => d.path === path)?.virtual ?? false);
  const target = targetId ? flashTarget(targetId) : null;
  const reachable = !target || flash.getState().canReach(target.protocol);
  const bytes = flash.getState().fileBytes();
  const [readError, setReadError] = useState<string | null>(null);

  const pick = async (chosen: File) => {
    setReadError(null);
    // A file far larger than any firmware is refused by its size, before it is read.
    if (!firmwareFileReadable(chosen.size))
      flash.getState().chooseFile(chosen.name, new Uint8Array(), chosen.size);
    else
      await readBytes(chosen).then(
        (read) => flash.getState().chooseFile(chosen.name, read),
        (error: Error) => setReadError(error.message),
      );
  };

  return (
    <>
      <div className="flash-field">
        <label htmlFor={ids.target} className="flash-label">
          {t('dialog.bootloader')}
        </label>
        <select
          id={ids.target}
          className="select"
          value={targetId ?? ''}
          aria-describedby={`${ids.target}-hint`}
          onChange={(e) => flash.getState().chooseTarget(e.target.value)}
        >
          {!targetId && (
            <option value="" disabled>
              {t('dialog.chooseTarget')}
            </option>
          )}
          {FLASH_TARGETS.map((option) => (
            <option key={option.id} value={option.id}>
              {targetLabel(option, t('dialog.drive'))}
            </option>
          ))}
        </select>
        <span id={`${ids.target}-hint`} className="row-hint">
          {t('dialog.bootloaderHint')}
        </span>
      </div>
      {target &&
        !reachable &&
        (target.protocol === 'uf2' ? (
          <div className="flash-field">
            <Message kind="info">{t('dialog.noDrivePicker')}</Message>
            {bytes && file?.bytes && (
              <div>
                <button
                  type="button"
                  className="btn"
                  onClick={() => downloadBlob(new Blob([bytes.slice()]), file.name)}
                >
                  {t('dialog.downloadFile')}
                </button>
              </div>
            )}
          </div>
        ) : (
          <Message kind="error">{t('dialog.unreachable', { api: PROTOCOL_API[target.protocol] })}</Message>
        ))}
      <div className="flash-field" role="group" aria-labelledby={ids.file}>
        <span id={ids.file} className="flash-label">
          {t('dialog.file')}
        </span>
        <div className="flash-row">
          <FileButton
            label={t('dialog.chooseFile')}
            accept=".hex,.bin,.uf2"
            disabled={false}
            onFiles={([chosen]) => void pick(chosen!)}
          />
          {virtual && target && (
            <button type="button" className="btn" onClick={() => void flash.getState().useDemoFirmware()}>
              {t('dialog.useDemo')}
            </button>
          )}
        </div>
        {readError && <Message kind="error">{readError}</Message>}
        {file?.problem && (
          <Message kind="error">
            {t('dialog.fileRefused', { name: file.name, problem: text.problem(file.problem) })}
          </Message>
        )}
        {file && file.bytes !== null && (
          <Message kind="success">
            {t('dialog.fileAccepted', {
              name: file.name,
              format: file.format === 'hex' ? 'Intel HEX' : `.${file.format}`,
              bytes: text.bytes(file.bytes),
            })}
          </Message>
        )}
        {file?.warning && (
          <p role="alert" className="message message-warning" data-testid="flash-file-warning">
            {t('dialog.fileWarning', { problem: text.problem(file.warning) })}
          </p>
        )}
      </div>
      {target &&
        (canWriteHandedness(target) ? (
          <fieldset aria-describedby={`${ids.file}-hand`}>
            <legend>{t('dialog.hand')}</legend>
            {([null, 'left', 'right'] as const).map((option) => (
              <label key={option ?? 'none'}>
                <input
                  type="radio"
                  name="flash-hand"
                  required
                  checked={hand === option}
                  onChange={() => flash.getState().chooseHand(option)}
                />{' '}
                {t(
                  option === null
                    ? 'dialog.handNone'
                    : option === 'left'
                      ? 'dialog.handLeft'
                      : 'dialog.handRight',
                )}
              </label>
            ))}
            <p id={`${ids.file}-hand`} className="row-hint">
              {t('dialog.handHint')} {hand === undefined && t('dialog.handAsk')}
            </p>
          </fieldset>
        ) : (
          <p className="row-hint">{t('dialog.handOther')}</p>
        ))}
      <div>
        <p id={ids.steps} className="flash-label">
          {t('dialog.steps')}
        </p>
        <ol className="flash-steps" aria-labelledby={ids.steps}>
          {(['step1', 'step2', 'step3', 'step4'] as const).map((step) => (
            <li key={step}>{t(`dialog.${step}`)}</li>
          ))}
        </ol>
      </div>
    </>
  );
}
