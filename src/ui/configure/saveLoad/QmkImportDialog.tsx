import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ConvertNote } from '../../../convert/convertNotes.ts';
import { readQmkInfo } from '../../../convert/qmkInfo.ts';
import { formatUsbIds } from '../../../convert/keymapDocument.ts';
import { readQmkKeymapJson } from '../../../convert/qmkKeymapJsonReader.ts';
import { importTarget } from '../../../services/importTarget.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';
import { FileButton } from '../../common/FileButton.tsx';
import { readText } from '../../common/readFile.ts';
import { useRefusalWords } from '../../common/refusalWords.ts';
import '../../common/onDemandParts.css';

type Picked = { name: string; text: string };

/**
 * Save + Load → Import a QMK keymap.json: the keymap.json and the keyboard's keyboard.json/info.json are read
 * into a layout file for this keyboard (positions through its LAYOUT macro, names carried into its numbering),
 * which then takes Load's own path: the unknown-names question, the preview, one undoable write.
 */
export function QmkImportDialog({
  keyboard,
  onRead,
  onClose,
}: {
  keyboard: KeyboardState;
  onRead(layoutText: string, fileName: string, notes: ConvertNote[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation('convert');
  const refusalWords = useRefusalWords();
  const [error, setError] = useState<string | null>(null);
  // A picked file is read in the background: Read waits for both reads, so a click right after picking (or on a
  // busy machine) reads the files the user chose, never "pick both files" while they are still being read.
  const picked = useRef<{ keymap?: Promise<Picked | null>; info?: Promise<Picked | null> }>({});
  const pick = (slot: 'keymap' | 'info') => (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setError(null);
    picked.current[slot] = readText(file).then(
      (text) => ({ name: file.name, text }),
      (err: Error) => {
        setError(err.message);
        return null;
      },
    );
  };

  const read = async () => {
    const { keymap: keymapRead, info: infoRead } = picked.current;
    if (!keymapRead || !infoRead) {
      setError(t('importHint'));
      return;
    }
    const [keymap, infoFile] = await Promise.all([keymapRead, infoRead]);
    if (!keymap || !infoFile) return; // a file could not be read: its reason is shown
    const info = infoFile.text;
    const qmk = readQmkInfo(info);
    if (!qmk.ok) return setError(refusalWords(qmk.refusal));
    const target = importTarget(keyboard);
    const file = readQmkKeymapJson(keymap.text, qmk.info, target);
    if (!file.ok) return setError(refusalWords(file.refusal));
    // Another keyboard's keyboard.json (its USB ids say so): said beside the preview, naming both.
    const infoIds = qmk.info.vendorProductId;
    const other: ConvertNote[] =
      infoIds !== null && infoIds !== target.vendorProductId
        ? [
            {
              kind: 'infoOtherKeyboard',
              info: qmk.info.name,
              infoIds: formatUsbIds(infoIds),
              keyboard: target.name,
              ids: formatUsbIds(target.vendorProductId),
            },
          ]
        : [];
    onRead(JSON.stringify(file.file), keymap.name, [...other, ...file.notes]);
  };

  return (
    <ConfirmDialog
      title={t('importTitle')}
      description={<p className="row-hint">{t('importHint')}</p>}
      cancelLabel={t('close')}
      confirmLabel={t('importRead')}
      onCancel={onClose}
      onConfirm={() => void read()}
    >
      <div className="row">
        <span className="row-label">{t('keymapJson')}</span>
        <FileButton
          label={t('chooseFile')}
          inputLabel={t('keymapJson')}
          accept=".json,application/json"
          disabled={false}
          testId="import-keymap-json"
          onFiles={pick('keymap')}
        />
      </div>
      <div className="row">
        <span className="row-label">{t('infoLabel')}</span>
        <FileButton
          label={t('chooseFile')}
          inputLabel={t('infoLabel')}
          accept=".json,application/json"
          disabled={false}
          testId="import-info"
          onFiles={pick('info')}
        />
      </div>
      {error && (
        <p role="alert" className="form-error" data-testid="import-error">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
