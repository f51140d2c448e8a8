import { use, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { MacroSaveError } from '../../../services/macroSave.ts';
import { KeyboardLockedError } from '../../../state/vialLockRules.ts';
import type { KeptWriteFaults } from '../../../state/unfinishedWriteCheck.ts';
import { useAppStores } from '../../AppContext.tsx';
import { Message } from '../../common/Message.tsx';
import { writeErrorText } from '../../common/errorText.ts';
import '../../common/onDemandParts.css';

/**
 * Shown while a macro save is unfinished: the keyboard's "write in progress" flag is still raised (it plays
 * no macro rather than a half-written one); Retry writes the user's macros again, Put back the previous ones.
 * A raised flag found when the keyboard loaded, with no record of the save that raised it, offers one way out:
 * write what the keyboard holds, so it plays its macros again.
 */
export function MacroFaultPanel({
  faults,
  owner,
}: {
  faults: KeptWriteFaults;
  /** The keyboard shown (vendor/product id): a fault about another one is not its business. */
  owner: number;
}) {
  const { t } = useTranslation('safety');
  // Retry and Put back write a macro set over the unfinished one and read it back, as one device job.
  const jobs = use(useAppStores().jobs.load());
  const fault = useStore(use(faults.load()), (s) => (s.owner === owner ? s.macros : null));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  if (!fault) return done ? <Message kind="success">{done}</Message> : null;
  const run = async (bytes: Uint8Array, message: string | null) => {
    setBusy(true);
    setDone(null);
    setRefused(null);
    try {
      await jobs.getState().writeMacroBytes(bytes);
      setDone(message);
    } catch (error) {
      // A stopped write is the fault shown again; a cancelled unlock wrote nothing and says why.
      if (error instanceof KeyboardLockedError) setRefused(writeErrorText(t, error));
      else if (!(error instanceof MacroSaveError)) throw error;
    } finally {
      setBusy(false);
    }
  };
  const message = fault.locked ? t('locked.refused') : fault.message;
  return (
    <div role="alert" className="form-error" data-testid="macro-fault">
      <p>{fault.found ? t('macros.found') : t('macros.failed', { message })}</p>
      <p>{fault.phase === 'verify' ? t('macros.notChecked') : t('macros.flagRaised')}</p>
      {fault.resumed && <p>{t('recorded')}</p>}
      {refused && <p>{refused}</p>}
      <div className="dialog-actions">
        {fault.found ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void run(fault.attempted, t('macros.writtenAgain'))}
          >
            {t('macros.writeShown')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void run(fault.attempted, null)}
            >
              {t('macros.retry')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => void run(fault.previous, t('macros.putBackDone'))}
            >
              {t('macros.putBack')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
