import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { MacroSaveError } from '../../../services/macroSave.ts';
import type { WriteFaults } from '../../../state/writeFaults.ts';
import { Message } from '../../common/Message.tsx';

/**
 * Shown while a macro save is unfinished: the keyboard's "write in progress" flag is still raised (it plays
 * no macro rather than a half-written one); Retry writes the user's macros again, Put back the previous ones.
 */
export function MacroFaultPanel({
  faults,
  write,
}: {
  faults: WriteFaults;
  /** Writes a macro set over the unfinished one and reads it back; throws MacroSaveError when it stops again. */
  write(bytes: Uint8Array): Promise<void>;
}) {
  const { t } = useTranslation('safety');
  const fault = useStore(faults, (s) => s.macros);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  if (!fault) return done ? <Message kind="success">{done}</Message> : null;
  const run = async (bytes: Uint8Array, message: string | null) => {
    setBusy(true);
    setDone(null);
    try {
      await write(bytes);
      setDone(message);
    } catch (error) {
      if (!(error instanceof MacroSaveError)) throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="alert" className="form-error" data-testid="macro-fault">
      <p>{t('macros.failed', { message: fault.message })}</p>
      <p>{fault.phase === 'verify' ? t('macros.notChecked') : t('macros.flagRaised')}</p>
      <div className="dialog-actions">
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
      </div>
    </div>
  );
}
