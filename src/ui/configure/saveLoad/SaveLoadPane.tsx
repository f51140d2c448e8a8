import { use, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { definitionName } from '../../../definitions/definitionName.ts';
import {
  layoutFileName,
  withLayerNames,
  type CheckedLayout,
  type ParsedLayout,
} from '../../../formats/layoutFile.ts';
import { currentLayout } from '../../../services/layoutTransfer.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import {
  checkLayoutForKeyboard,
  layoutLeavingUnknown,
  withUnknownChoice,
} from '../../../services/layoutLoad.ts';
import { readBackup } from '../../../state/layoutBackup.ts';
import { browserStorage } from '../../../state/storage.ts';
import { useOutcome } from '../../common/outcomes.ts';
import { readText } from '../../common/readFile.ts';
import { useAppStores } from '../../AppContext.tsx';
import type { LayoutJobResult } from '../../../state/deviceJobs.ts';
import type { LayoutOutcome } from '../../../state/layoutActions.ts';
import { JobProgressView } from '../../common/JobProgressView.tsx';
import { LayoutFaultPanel } from './LayoutFaultPanel.tsx';
import { writeErrorText } from '../../common/errorText.ts';
import { useRefusalWords } from '../../common/refusalWords.ts';
import { LayerPicture } from './LayerPicture.tsx';
import { LoadPreview } from './LoadPreview.tsx';
import { PrintKeymap } from './PrintKeymap.tsx';
import { KeymapSheets } from './KeymapSheets.tsx';
import { UnknownNamesDialog } from './UnknownNamesDialog.tsx';
import {
  checkVialSection,
  vialChanges,
  importVil,
  withVialSection,
  type VialLoadNote,
} from '../../../state/vialLayoutFile.ts';
import type { VialSection } from '../../../vial/vialSection.ts';
import { VialLoadNotes, vialPreview } from '../vial/VialLoadNotes.tsx';
import type { FitNote } from '../../../formats/layoutFit.ts';
import {
  hasSettingsChanges,
  settingsChanges,
  settingsOfFileText,
  type LayoutSettings,
} from '../../../formats/layoutSettings.ts';
import { FitNotes } from './FitNotes.tsx';
import { applyLayerNames, layerNameChanges, LayerNamesPreview } from './LayerNamesPreview.tsx';
import { saveFile } from './saveFile.ts';
import { SettingsPreview } from './SettingsPreview.tsx';
import { onDemand } from '../../common/onDemand.tsx';
import type { KeychronSection } from '../../../formats/keychronSection.ts';
import {
  applyKeychronSection,
  checkKeychronSection,
  keychronStoreOfDevice,
  withKeychronSection,
  type KeychronLoadNote,
} from '../../../state/keychronLayoutFile.ts';
import '../../common/onDemandParts.css';
import '../paneControls.css';

// Export, keymap.json import and share links load with their strings when the pane first shows them.
const KeymapFormats = onDemand(
  () => import('./KeymapFormats.tsx').then((m) => m.KeymapFormats),
  ['convert', 'refusals'],
);
// What a file's Keychron settings change, shown in the load preview of a Keychron board.
const KeychronFilePreview = onDemand(
  () => import('../keychron/KeychronFilePreview.tsx').then((m) => m.KeychronFilePreview),
  ['keychron'],
);
// What a loaded file's Keychron settings could not do, after the load.
const KeychronLoadNotes = onDemand(
  () => import('../keychron/KeychronLoadNotes.tsx').then((m) => m.KeychronLoadNotes),
  ['keychron'],
);

const storage = browserStorage();

/**
 * What a file carries beside VIA's keymap: its Vial section and settings (checked, applied after the keymap),
 * the notes of a .vil import, and what fitting a flash backup to new firmware left out.
 */
interface VialExtras {
  vialSection: VialSection | null;
  keychronSection: KeychronSection | null;
  importNotes: VialLoadNote[];
  settings: LayoutSettings | null;
  fitNotes: FitNote[];
}

/** Save the whole layout to a .layout.json file, load one back (checked, backed up, diff-written, verified). */
export function SaveLoadPane({ keyboard }: { keyboard: KeyboardState }) {
  const { t, i18n } = useTranslation(['panes', 'sheets']);
  const { t: ts } = useTranslation('safety');
  const { t: tv } = useTranslation('vial');
  const refusalWords = useRefusalWords();
  const stores = useAppStores();
  const { runtime } = stores;
  // The write-fault store (and the record it keeps per keyboard) and the device jobs come with the pane.
  const faults = use(runtime.writeFaults.load());
  const jobs = use(stores.jobs.load());
  // Outcomes show as notifications: the pane is long, and its end is below the fold.
  const outcome = useOutcome();
  const setError = (text: string | null) =>
    text === null ? outcome.clear() : outcome.show('error', text, { testId: 'load-error' });
  const setSuccess = (text: string | null) =>
    text === null ? outcome.clear() : outcome.show('success', text);
  const [busy, setBusy] = useState(false);
  const vpid = keyboard.definition.vendorProductId;
  const [backup, setBackup] = useState(() => readBackup(storage, vpid, runtime.reportBadValue));
  // A checked file with unknown names waits for the user's choice; nothing is written before it.
  const [unknown, setUnknown] = useState<({ checked: CheckedLayout; fileName: string } & VialExtras) | null>(
    null,
  );
  // A checked file waiting for the user to apply it after seeing its changes (nothing written yet).
  const [pending, setPending] = useState<({ layout: ParsedLayout; fileName: string } & VialExtras) | null>(
    null,
  );
  // What a load or .vil import could not take (Vial features the board lacks, keys off its matrix …).
  const [vialNotes, setVialNotes] = useState<VialLoadNote[]>([]);
  const [keychronNotes, setKeychronNotes] = useState<KeychronLoadNote[]>([]);
  // A .vil import's notes, shown again with what a Retry's Vial part could not take.
  const [importNotes, setImportNotes] = useState<VialLoadNote[]>([]);

  const save = async () => {
    outcome.clear();
    const name = layoutFileName(definitionName(keyboard.definition));
    const file = await withKeychronSection(
      withLayerNames(
        withVialSection(currentLayout(keyboard), keyboard, runtime.vialFeatures.current),
        stores.layerNames.getState().names(vpid),
      ),
      keychronStoreOfDevice(runtime.store, stores.commands),
    );
    const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
    const saved = await saveFile(blob, name, t('sheets:saveFileType'));
    // Said either way (issue 38 item 8: a save never confirmed, and a failed write was silent).
    if (saved.kind === 'saved')
      setSuccess(t(saved.downloaded ? 'sheets:savedDownload' : 'sheets:saved', { name: saved.name }));
    else if (saved.kind === 'failed')
      outcome.show(
        'error',
        t('sheets:saveFailed', { name: saved.name, reason: t(`sheets:saveFailure.${saved.reason}`) }),
        { testId: 'save-error' },
      );
  };

  /**
   * Dispatches one layout job (load, retry, restore) with the pane busy; its progress shows meanwhile, and a
   * stopped write shows as the fault panel. Resolves with the job's result, or null when it threw.
   */
  const act = async <R extends LayoutOutcome | LayoutJobResult>(
    job: () => Promise<R>,
    done: string,
  ): Promise<R | null> => {
    outcome.clear();
    setBusy(true);
    try {
      const result = await job();
      if ((typeof result === 'string' ? result : result.outcome) !== 'failed') setSuccess(done);
      return result;
    } catch (e) {
      setError(writeErrorText(ts, e));
      return null;
    } finally {
      setBusy(false);
      setBackup(readBackup(storage, vpid, runtime.reportBadValue));
    }
  };

  /**
   * The Load flow: check the file (names read as VIA's table for the protocol gives them), let the user decide
   * about unknown names (UnknownNamesDialog), show what it changes (LoadPreview), then apply as a transaction.
   */
  const load = (
    text: string,
    fileName: string,
    importNotes: VialLoadNote[] = [],
    fitNotes: FitNote[] = [],
  ) => {
    outcome.clear();
    setVialNotes([]);
    setKeychronNotes([]);
    const checked = checkLayoutForKeyboard(keyboard, text, fileName);
    if (!checked.ok) {
      setError(refusalWords(checked.refusal));
      return;
    }
    // A malformed Vial section refuses the whole file before anything is written.
    const vial = checkVialSection(text);
    if (!vial.ok) {
      setError(refusalWords(vial.refusal));
      return;
    }
    // So does a malformed settings object (layout options, lighting and menu values).
    const settings = settingsOfFileText(text);
    if (!settings.ok) {
      setError(refusalWords(settings.refusal));
      return;
    }
    // And a malformed Keychron section (colours, regions, Snap Click, debounce …).
    const keychron = checkKeychronSection(text);
    if (!keychron.ok) {
      setError(refusalWords(keychron.refusal));
      return;
    }
    const extras = {
      vialSection: vial.section,
      keychronSection: keychron.section,
      importNotes,
      settings: settings.value,
      fitNotes,
    };
    if (checked.value.unknown.length > 0) setUnknown({ checked: checked.value, fileName, ...extras });
    else preview(checked.value, fileName, extras);
  };

  /** Unknown keys, encoders and macros stay as the keyboard has them; the rest is previewed. */
  const preview = (checked: CheckedLayout, fileName: string, extras: VialExtras) => {
    const layout = layoutLeavingUnknown(keyboard, checked);
    if (!layout.ok) setError(refusalWords(layout.refusal));
    else setPending({ layout: layout.value, fileName, ...extras });
  };

  const apply = async (layout: ParsedLayout, extras: VialExtras) => {
    setPending(null);
    if (!runtime.store.getState().commands()) return;
    // One command: planned, backed up when the first byte is written, read back, one undoable step; then the
    // file's Vial entries (kept for a Retry when the keymap write stops).
    setImportNotes(extras.importNotes);
    setVialNotes(extras.importNotes);
    const result = await act(
      () => jobs.getState().loadLayout(layout, extras.vialSection, extras.settings),
      t('loadSuccess'),
    );
    if (!result) return;
    const keychron = extras.keychronSection
      ? await applyKeychronSection(
          extras.keychronSection,
          keychronStoreOfDevice(runtime.store, stores.commands),
        )
      : [];
    setKeychronNotes(keychron);
    setVialNotes([...extras.importNotes, ...result.vialNotes]);
    // The file's layer names (Keyloom's own field) come back with its keymap, once that is written.
    if (result.outcome !== 'failed') applyLayerNames(stores.layerNames, keyboard, layout.file.layerNames);
  };

  // A restore asked for from the flash dialog (the backup taken before flashing, fitted to the new firmware).
  const restoreTaken = useRef(false);
  useEffect(() => {
    if (restoreTaken.current) return;
    restoreTaken.current = true;
    const request = runtime.qmkFlash.current?.getState().takeRestore(vpid);
    if (request) load(request.text, request.fileName, [], request.notes);
  });

  /** The preview's part beyond keys, macros and encoders: Vial features, settings, what cannot be put back. */
  const previewExtra = (layout: ParsedLayout, extras: VialExtras) => {
    const vial = extras.vialSection
      ? vialPreview(vialChanges(extras.vialSection, keyboard, runtime.vialFeatures.current))
      : null;
    const settings = extras.settings ? settingsChanges(extras.settings, keyboard) : null;
    const names = layerNameChanges(stores.layerNames, keyboard, layout.file.layerNames);
    return {
      changes:
        !!vial?.changes ||
        (!!settings && hasSettingsChanges(settings)) ||
        !!extras.keychronSection ||
        names.length > 0,
      node: (
        <>
          <LayerNamesPreview changes={names} />
          {vial?.node}
          {extras.keychronSection && <KeychronFilePreview section={extras.keychronSection} />}
          {settings && <SettingsPreview changes={settings} />}
          <FitNotes
            notes={extras.fitNotes}
            missingValues={settings?.missing.length ?? 0}
            layoutOptionsMissing={settings?.layoutOptionsMissing ?? false}
          />
        </>
      ),
    };
  };

  const importVilFile = (text: string, fileName: string) => {
    outcome.clear();
    const read = importVil(text, keyboard);
    if (!read.ok) setError(refusalWords(read.refusal));
    else load(read.text, fileName, read.notices);
  };

  return (
    <div className="pane card">
      <JobProgressView jobs={jobs} />
      <div className="row">
        <span className="row-label">{t('saveCurrent')}</span>
        <button type="button" className="btn" onClick={() => void save()}>
          {t('save')}
        </button>
      </div>
      <div className="row">
        <span className="row-label">{t('loadSaved')}</span>
        <label className={`btn${busy ? ' is-busy' : ''}`}>
          {t('load')}
          <input
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            disabled={busy}
            aria-label={t('loadSaved')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              outcome.clear();
              readText(file).then(
                (text) => load(text, file.name),
                (err: Error) => setError(err.message),
              );
            }}
          />
        </label>
      </div>
      <div className="row">
        <span className="row-label">
          {tv('import.label')}
          <span className="row-hint">{tv('import.hint')}</span>
        </span>
        <label className={`btn${busy ? ' is-busy' : ''}`}>
          {tv('import.button')}
          <input
            type="file"
            accept=".vil,application/json"
            className="visually-hidden"
            disabled={busy}
            aria-label={tv('import.label')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              readText(file).then(
                (text) => importVilFile(text, file.name),
                (err: Error) => setError(err.message),
              );
            }}
          />
        </label>
      </div>
      <KeymapFormats
        keyboard={keyboard}
        busy={busy}
        onLoad={(text, fileName) => load(text, fileName)}
        onStart={() => outcome.clear()}
      />
      <KeymapSheets
        print={(onClose) => <PrintKeymap keyboard={keyboard} onClose={onClose} />}
        printHint={t('sheets:printKeymapHint')}
        picture={<LayerPicture keyboard={keyboard} />}
      />
      {pending && (
        <LoadPreview
          keyboard={keyboard}
          layout={pending.layout}
          fileName={pending.fileName}
          onApply={() => void apply(pending.layout, pending)}
          extra={previewExtra(pending.layout, pending)}
          warning={<VialLoadNotes notes={pending.importNotes} beforeApply />}
          onCancel={() => {
            setPending(null);
            setSuccess(t('sheets:loadCancelled'));
          }}
        />
      )}
      {unknown && (
        <UnknownNamesDialog
          keyboard={keyboard}
          unknown={unknown.checked.unknown}
          onCancel={() => setUnknown(null)}
          onLoadRest={(choice) => {
            setUnknown(null);
            preview(withUnknownChoice(unknown.checked, choice), unknown.fileName, unknown);
          }}
        />
      )}
      {backup && (
        <div className="row">
          <span className="row-label">
            {ts('layout.backupTitle')}
            <span className="row-hint">
              {t('backupHint', { time: new Date(backup.savedAt).toLocaleString(i18n.language) })}
            </span>
          </span>
          {/* One group at the row's end, as on the other rows: Restore beside its sibling, not mid-row. */}
          <span className="row-actions">
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => load(JSON.stringify(backup.layout), 'backup')}
            >
              {t('restore')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => {
                jobs.getState().keepBackup();
                setBackup(readBackup(storage, vpid, runtime.reportBadValue));
                setSuccess(ts('layout.kept'));
              }}
            >
              {ts('layout.keepCurrent')}
            </button>
          </span>
        </div>
      )}
      <LayoutFaultPanel
        faults={faults}
        owner={vpid}
        busy={busy}
        onRetry={() => {
          const restoring = faults.getState().layout?.kind === 'restore';
          void act(
            () => jobs.getState().retryLayout(),
            restoring ? ts('layout.restored') : t('loadSuccess'),
          ).then((result) => {
            if (result && result.outcome !== 'failed' && !restoring)
              setVialNotes([...importNotes, ...result.vialNotes]);
          });
        }}
        onRestore={() => void act(() => jobs.getState().restoreLayout(), ts('layout.restored'))}
      />
      <VialLoadNotes notes={vialNotes} />
      {keychronNotes.length > 0 && <KeychronLoadNotes notes={keychronNotes} />}
    </div>
  );
}
