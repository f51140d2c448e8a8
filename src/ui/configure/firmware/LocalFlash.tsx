import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { parseUf2 } from '../../../formats/uf2.ts';
import type { TransferKind } from '../../../state/transferStore.ts';
import { useAppStores } from '../../AppContext.tsx';
import { FileButton } from '../../common/FileButton.tsx';
import { readBytes } from '../../common/readFile.ts';
import { Message } from '../../common/Message.tsx';
import { TransferProgressView } from '../../common/TransferProgress.tsx';
import { readableError } from '../../common/errorText.ts';
import './firmware.css';

/** 'Open' a .uf2 file (checked block by block before Flash is offered), then 'Flash' it. */
export function LocalFlash({
  busy,
  onChosen,
  onFlash,
}: {
  busy: boolean;
  /** A new file was chosen: earlier outcomes no longer apply. */
  onChosen(): void;
  onFlash(image: Uint8Array): void;
}) {
  const { t } = useTranslation('hardware');
  const [file, setFile] = useState<{ name: string; bytes: Uint8Array } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = async (chosen: File) => {
    setError(null);
    try {
      const bytes = await readBytes(chosen);
      const parsed = parseUf2(bytes);
      if ('error' in parsed) throw new Error(t('firmware.notUf2', { reason: parsed.error }));
      onChosen();
      setFile({ name: chosen.name, bytes });
    } catch (e) {
      setFile(null);
      setError(readableError(e));
    }
  };

  return (
    <div className="firmware-section firmware-actions">
      <FileButton label={t('firmware.open')} accept=".uf2" disabled={busy} onFiles={([f]) => void open(f!)} />
      <span className="firmware-file">{file ? file.name : t('firmware.noFile')}</span>
      <button
        type="button"
        className="btn btn-primary"
        disabled={!file || busy}
        onClick={() => file && onFlash(file.bytes)}
      >
        {t('firmware.flash')}
      </button>
      {error && <Message kind="error">{error}</Message>}
    </div>
  );
}

/** The disconnect warning, progress with cancel, and the flash outcome of one kind of transfer. */
export function FlashStatus({ kind, tool, running }: { kind: TransferKind; tool: string; running: boolean }) {
  const { t } = useTranslation('hardware');
  const { runtime } = useAppStores();
  const progress = useStore(runtime.transfers, (s) => s.transfers[kind]);
  // The outcome lives in the transfer store: it must outlast the restart a new firmware causes.
  const state = running ? null : progress.state;
  return (
    <>
      <p className="firmware-warning">{t('firmware.warning')}</p>
      <TransferProgressView
        progress={progress}
        tool={tool}
        onCancel={() => runtime.transfers.getState().cancel(kind)}
      />
      {state === 'completed' && <Message kind="success">{t('firmware.flashSuccessful')}</Message>}
      {state === 'failed' && <Message kind="error">{t('firmware.failedToFlash')}</Message>}
    </>
  );
}
