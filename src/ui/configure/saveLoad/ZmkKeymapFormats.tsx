import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ConvertNote } from '../../../convert/convertNotes.ts';
import { ZMK_LABEL, zmkLabelKey } from '../../../convert/zmkBindingText.ts';
import { unnamedBehaviors, writeZmkKeymap, zmkFileStem } from '../../../convert/zmkKeymap.ts';
import { writeZmkSnapshotFile } from '../../../convert/zmkSnapshot.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { browserStorage, type KeyValueStorage } from '../../../state/storage.ts';
import { loadZmkExportLabels, saveZmkExportLabels, zmkExportKey } from '../../../state/zmkExportLabels.ts';
import { zmkSnapshotOf } from '../../../state/zmkSnapshotOf.ts';
import { downloadBlob } from '../../common/download.ts';
import { useRefusalWords } from '../../common/refusalWords.ts';
import { ConvertNotesList } from './ConvertNotesList.tsx';
import { FormatRow } from './FormatRow.tsx';
import '../../common/onDemandParts.css';
import '../paneControls.css';
import '../../common/textInput.css';

/** The keyboard as the exports read it (the store's state). */
type ExportedState = Pick<ZmkKeyboardState, 'info' | 'behaviors' | 'layouts' | 'keymap'> &
  Partial<Pick<ZmkKeyboardState, 'ownOrderKeymap'>>;

/**
 * The ZMK family's formats in the Save + Load pane (docs/keymap-formats.md "ZMK .keymap"): the devicetree
 * `.keymap` for a zmk-config, written by the same code as `keyloom convert … --to zmk`, with what it could not
 * carry listed after the download; a label field for each behavior of the user's own keymap (ZMK Studio reports
 * names, not labels), so those are written too; and the Keyloom ZMK keymap file the command line converts.
 */
export function ZmkKeymapFormats({
  state,
  storage: storageProp,
}: {
  state: ExportedState;
  /** Where the labels typed here are kept for the next export of the same keyboard. */
  storage?: KeyValueStorage;
}) {
  const { t } = useTranslation(['zmk', 'convert']);
  const refusalWords = useRefusalWords();
  const id = useId();
  const { info, behaviors, layouts, keymap, ownOrderKeymap } = state;
  const snapshot = useMemo(
    () => zmkSnapshotOf({ info, behaviors, layouts, keymap }),
    [info, behaviors, layouts, keymap],
  );
  const unnamed = useMemo(() => (snapshot ? unnamedBehaviors(snapshot) : []), [snapshot]);
  const storage = useMemo(() => storageProp ?? browserStorage(), [storageProp]);
  const labelsKey = info ? zmkExportKey(info) : null;
  const [labels, setLabelsState] = useState<Record<string, string>>(() =>
    labelsKey ? loadZmkExportLabels(storage, labelsKey) : {},
  );
  const setLabels = (next: Record<string, string>) => {
    setLabelsState(next);
    if (labelsKey) saveZmkExportLabels(storage, labelsKey, next);
  };
  const earlier = useMemo(
    () => (ownOrderKeymap ? new Map(ownOrderKeymap.layers.map((l) => [l.id, l.bindings])) : undefined),
    [ownOrderKeymap],
  );
  const [done, setDone] = useState<{ file: string; notes: ConvertNote[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What the last download said is about that keymap: another layout or an edit makes it stale.
  useEffect(() => setDone(null), [snapshot]);
  if (!snapshot) return null;

  const label = (text: string) => text.trim().replace(/^&/, '');
  const given = Object.fromEntries(
    Object.entries(labels)
      .map(([name, text]) => [name, label(text)] as const)
      .filter(([, text]) => text !== ''),
  );
  const invalid = Object.values(given).some((text) => !ZMK_LABEL.test(text));

  const downloadKeymap = () => {
    const written = writeZmkKeymap(snapshot, { labels: given, earlier });
    if (!written.ok) return setError(refusalWords(written.refusal));
    setError(null);
    const file = written.files[0]!;
    downloadBlob(new Blob([file.text], { type: file.type }), file.name);
    setDone({ file: file.name, notes: written.notes });
  };
  const downloadSnapshot = () => {
    const name = `${zmkFileStem(snapshot.keyboardName)}.zmk.json`;
    downloadBlob(new Blob([writeZmkSnapshotFile(snapshot)], { type: 'application/json' }), name);
  };

  return (
    <div data-testid="zmk-export">
      <FormatRow label={t('export.keymapTitle')} hint={t('export.keymapHint')}>
        <button type="button" className="btn" disabled={invalid} onClick={downloadKeymap}>
          {t('export.downloadKeymap')}
        </button>
      </FormatRow>
      {unnamed.length > 0 && (
        <fieldset>
          <legend>{t('export.ownBehaviors')}</legend>
          <p className="row-hint" id={`${id}-labels-hint`}>
            {t('export.ownBehaviorsHint')}
          </p>
          {unnamed.map((behavior) => {
            const key = zmkLabelKey(behavior.id);
            const value = labels[key] ?? '';
            return (
              <label key={behavior.id} className="row">
                <span className="row-label">
                  {t('export.behaviorLabel', { name: behavior.displayName, count: behavior.count })}
                </span>
                <input
                  className="text-input"
                  value={value}
                  placeholder={t('export.labelPlaceholder')}
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={value.trim() !== '' && !ZMK_LABEL.test(label(value))}
                  aria-describedby={`${id}-labels-hint`}
                  onChange={(e) => setLabels({ ...labels, [key]: e.target.value })}
                />
              </label>
            );
          })}
          {invalid && (
            <p role="alert" className="form-error">
              {t('export.labelInvalid')}
            </p>
          )}
        </fieldset>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {done && (
        <div role="status" data-testid="zmk-export-done">
          <p className="form-success">{t('convert:written', { files: done.file })}</p>
          {done.notes.length === 0 ? (
            <p>{t('convert:noNotes')}</p>
          ) : (
            <ConvertNotesList notes={done.notes} testId="export-notes" />
          )}
        </div>
      )}
      <FormatRow label={t('export.snapshotTitle')} hint={t('export.snapshotHint')}>
        <button type="button" className="btn" onClick={downloadSnapshot}>
          {t('export.downloadSnapshot')}
        </button>
      </FormatRow>
    </div>
  );
}
