import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ConvertNote } from '../../../convert/convertNotes.ts';
import { encodeShareLink } from '../../../convert/shareLink.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { keymapDocumentOf } from '../../../services/keymapDocumentOf.ts';
import { useAppStores, useDevices, useLayerNames } from '../../AppContext.tsx';
import { useOutcome } from '../../common/outcomes.ts';
import { ConvertNotesList } from './ConvertNotesList.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { FormatRow } from './FormatRow.tsx';
import { QmkImportDialog } from './QmkImportDialog.tsx';
import '../../common/onDemandParts.css';

/**
 * Save + Load's rows for other formats: Export (keymap.c, keymap.json, .vil), Import a QMK keymap.json (into
 * Load's preview through `onLoad`), and Copy link (the keymap in the link's fragment).
 */
export function KeymapFormats({
  keyboard,
  busy,
  onLoad,
  onStart,
}: {
  keyboard: KeyboardState;
  busy: boolean;
  onLoad(layoutText: string, fileName: string): void;
  /** A new choice (export, import, link) begins: the pane's last outcome no longer applies. */
  onStart(): void;
}) {
  const { t } = useTranslation('convert');
  const { runtime } = useAppStores();
  const layerNames = useLayerNames(keyboard.definition.vendorProductId);
  const definitionFrom = useDevices((s) => s.capabilities?.definitionFrom);
  const [open, setOpen] = useState<'export' | 'import' | null>(null);
  const [notes, setNotes] = useState<ConvertNote[]>([]);
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);
  const outcome = useOutcome();

  // The last import's notes and the pane's last outcome go with a new choice (issue 38: stale errors stayed).
  const start = (dialog: 'export' | 'import' | null) => {
    onStart();
    setNotes([]);
    setOpen(dialog);
  };

  const copyLink = async () => {
    start(null);
    const version = keyboard.definitionVersion;
    const vpid = keyboard.definition.vendorProductId;
    // A keyboard the served definitions have is drawn from them; any other carries its definition along.
    const index = await runtime.definitions.loadIndex().catch(() => null);
    const served = definitionFrom === 'served' && !!index?.vendorProductIds[version].includes(vpid);
    const hash = await encodeShareLink({
      doc: keymapDocumentOf(keyboard, { layerNames }),
      definitionVersion: version,
      definition: served ? null : keyboard.definition,
    });
    const url = `${window.location.origin}${window.location.pathname}${hash}`;
    const copied = await navigator.clipboard?.writeText(url).then(
      () => true,
      () => false,
    );
    setLink({ url, copied: !!copied });
    if (copied) outcome.show('success', t('linkCopied', { count: url.length }));
  };

  return (
    <>
      <FormatRow label={t('exportLabel')} hint={t('exportHint')}>
        <button type="button" className="btn" onClick={() => start('export')}>
          {t('exportButton')}
        </button>
      </FormatRow>
      <FormatRow label={t('importLabel')} hint={t('importHint')}>
        <button type="button" className="btn" disabled={busy} onClick={() => start('import')}>
          {t('importButton')}
        </button>
      </FormatRow>
      <FormatRow label={t('linkLabel')} hint={t('linkHint')}>
        <button type="button" className="btn" onClick={() => void copyLink()}>
          {t('linkButton')}
        </button>
      </FormatRow>
      {link && (
        <div className="row">
          {/* Copied: the notification says so; else the field is the way. */}
          {!link.copied && (
            <span className="row-hint" role="status">
              {t('linkReady', { count: link.url.length })}
            </span>
          )}
          <input
            type="text"
            readOnly
            value={link.url}
            aria-label={t('linkField')}
            data-testid="share-link"
            onFocus={(e) => e.target.select()}
          />
        </div>
      )}
      <ConvertNotesList notes={notes} testId="import-notes" />
      {open === 'export' && <ExportDialog keyboard={keyboard} onClose={() => setOpen(null)} />}
      {open === 'import' && (
        <QmkImportDialog
          keyboard={keyboard}
          onClose={() => setOpen(null)}
          onRead={(text, fileName, read) => {
            setOpen(null);
            setNotes(read);
            onLoad(text, fileName);
          }}
        />
      )}
    </>
  );
}
