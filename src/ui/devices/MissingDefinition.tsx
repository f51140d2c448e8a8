import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { formatIds } from '../../definitions/deviceIds.ts';
import { useAppStores, useDevices } from '../AppContext.tsx';
import { downloadBlob } from '../common/download.ts';
import { FileButton } from '../common/FileButton.tsx';
import { useDoctor } from './dialogProviders.tsx';
import { useDefinitionLoader } from './useDefinitionLoader.ts';
import '../common/onDemandParts.css';
import './connection.css';

const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');

/**
 * The keyboard area for a selected keyboard Keyloom has no definition for: its name and ids, what is missing,
 * where definitions come from, 'Load definition…' — and a file dropped anywhere on the page loads too.
 */
export function MissingDefinition() {
  const { t } = useTranslation('connection');
  const { runtime } = useAppStores();
  const openDoctor = useDoctor();
  const device = useDevices((s) => s.devices.find((d) => d.path === s.selectedPath) ?? null);
  const path = device?.path ?? null;
  const { load, busy, message } = useDefinitionLoader(path);
  const [dragging, setDragging] = useState(false);
  const [toTry, setToTry] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setToTry(null);
    if (path)
      void runtime.definitionToTry(path).then(
        (text) => live && setToTry(text),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [runtime, path]);

  // The whole page takes a dropped file while this keyboard waits for its definition.
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (file) void load(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [load]);

  if (!device) return null;
  const ids = formatIds(device.vendorId, device.productId);
  return (
    <section
      className="card missing-definition"
      aria-labelledby="missing-title"
      data-testid="missing-definition"
    >
      <h2 id="missing-title">{t('missing.title', { name: device.productName })}</h2>
      <p className="mono">{t('missing.ids', { ids, protocol: device.protocol })}</p>
      <p>{t('missing.body', { version: device.requiredDefinitionVersion })}</p>
      <p className="row-hint">{t('missing.where')}</p>
      <div className="missing-actions">
        <FileButton
          label={t('missing.load')}
          accept="application/json,.json"
          disabled={busy}
          onFiles={([file]) => file && void load(file)}
        />
        <button type="button" className="btn" onClick={openDoctor}>
          {t('shell:doctorButton')}
        </button>
      </div>
      <p className="row-hint">{t('missing.drop')}</p>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={`message message-${message.kind}`}>
          {message.text}
        </p>
      )}
      {toTry && (
        <p className="row-hint">
          {t('missing.virtualHint')}{' '}
          <button
            type="button"
            className="btn btn-sm"
            onClick={() =>
              downloadBlob(
                new Blob([toTry], { type: 'application/json' }),
                `prototype75-${ids.replace(':', '-')}.json`,
              )
            }
          >
            {t('missing.downloadVirtual')}
          </button>
        </p>
      )}
      {dragging && (
        <div className="drop-overlay" aria-hidden>
          {t('missing.dropHere')}
        </div>
      )}
    </section>
  );
}
