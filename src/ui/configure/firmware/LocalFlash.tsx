import { use, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { formatBytes } from '../../../formats/size.ts';
import { sha256Hex } from '../../../formats/sha256.ts';
import { parseUf2, type Uf2Image } from '../../../formats/uf2.ts';
import type { FlowFile } from '../../../state/firmwareFlowStore.ts';
import type { TransferKind } from '../../../state/transferStore.ts';
import { useAppStores } from '../../AppContext.tsx';
import { FileButton } from '../../common/FileButton.tsx';
import { readBytes } from '../../common/readFile.ts';
import { Message } from '../../common/Message.tsx';
import { TransferProgressView } from '../../common/TransferProgress.tsx';
import { TransferFailureNote } from '../../common/TransferFailureNote.tsx';
import { readableError } from '../../common/errorText.ts';
import './firmware.css';

/**
 * 'Open' a .uf2 file (checked block by block, its size and SHA-256 shown so the user can compare them with
 * the vendor's before Flash is offered), then 'Flash' it.
 */
export function LocalFlash({
  busy,
  check,
  onChosen,
  onFlash,
}: {
  busy: boolean;
  /** Why the image is not for this device, in words (null: it is): it is then refused, and Flash stays off. */
  check?(image: Uf2Image): string | null;
  /** A new file was chosen (good or not): earlier outcomes no longer apply. */
  onChosen(): void;
  onFlash(file: FlowFile): void;
}) {
  const { t } = useTranslation(['hardware', 'vendor']);
  const [file, setFile] = useState<FlowFile | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = async (chosen: File) => {
    setError(null);
    onChosen();
    try {
      const bytes = await readBytes(chosen);
      const parsed = parseUf2(bytes);
      if ('error' in parsed) throw new Error(t('firmware.notUf2', { reason: parsed.error }));
      const refusal = check?.(parsed);
      if (refusal) throw new Error(refusal);
      setFile({ url: `file:${chosen.name}`, name: chosen.name, bytes, sha256: await sha256Hex(bytes) });
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
        onClick={() => file && onFlash(file)}
      >
        {t('firmware.flash')}
      </button>
      {file && (
        <dl className="firmware-file-facts" aria-label={t('vendor:local.facts')}>
          <dt>{t('vendor:local.size')}</dt>
          <dd data-testid="firmware-file-size">
            {formatBytes(file.bytes.length)} ({t('vendor:local.bytes', { count: file.bytes.length })})
          </dd>
          <dt>SHA-256</dt>
          <dd>
            <code data-testid="firmware-file-sha256">{file.sha256}</code>
          </dd>
        </dl>
      )}
      {error && <Message kind="error">{error}</Message>}
    </div>
  );
}

/** The disconnect warning while it writes, progress with cancel, and the flash outcome of a boot screen's transfer. */
export function FlashStatus({ kind, tool, running }: { kind: TransferKind; tool: string; running: boolean }) {
  const { t } = useTranslation('hardware');
  const { runtime } = useAppStores();
  const transfers = use(runtime.transfers.load());
  const progress = useStore(transfers, (s) => s.transfers[kind]);
  const state = running ? null : progress.state;
  return (
    <>
      {(running || progress.state === 'saving') && (
        <p className="firmware-warning">{t('firmware.warning')}</p>
      )}
      <TransferProgressView
        progress={progress}
        tool={tool}
        onCancel={() => transfers.getState().cancel(kind)}
      />
      {state === 'completed' && <Message kind="success">{t('firmware.flashSuccessful')}</Message>}
      {state === 'failed' && (
        <Message kind="error">
          {t('firmware.failedToFlash')} <TransferFailureNote failure={progress.failure} />
        </Message>
      )}
    </>
  );
}
