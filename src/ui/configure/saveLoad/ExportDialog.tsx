import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ConvertNote } from '../../../convert/convertNotes.ts';
import { KEYMAP_FORMATS, writeKeymap } from '../../../convert/keymapFormats.ts';
import { readQmkInfo, type QmkInfo } from '../../../convert/qmkInfo.ts';
import { definitionPositions } from '../../../convert/qmkLayoutChoice.ts';
import type { WrittenFile } from '../../../convert/writtenFile.ts';
import { visibleKeys } from '../../../definitions/geometry.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { keymapDocumentOf } from '../../../services/keymapDocumentOf.ts';
import { useAppStores, useDevices, useLayerNames } from '../../AppContext.tsx';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';
import { FileButton } from '../../common/FileButton.tsx';
import { downloadBlob } from '../../common/download.ts';
import { readText } from '../../common/readFile.ts';
import { useRefusalWords } from '../../common/refusalWords.ts';
import { layoutChoices } from '../../canvas/useKeyboardKeys.ts';
import { ConvertNotesList } from './ConvertNotesList.tsx';
import type { StoredFeature } from '../../../convert/convertNotes.ts';
import type { VendorConfig } from '../../../services/definitionsRepository.ts';
import '../../common/onDemandParts.css';

/** What this keyboard stores beside its keymap, which no keymap file holds (said after an export). */
function storedFeatures(keyboard: KeyboardState, vendor: VendorConfig | null): StoredFeature[] {
  const features: StoredFeature[] = [];
  if ('lighting' in keyboard.definition || keyboard.vial?.vialRgb) features.push('lighting');
  if (Object.keys(keyboard.values).length > 0 || 'menus' in keyboard.definition) features.push('menus');
  if (vendor?.actuation) features.push('actuation');
  if (vendor?.matrixLighting) features.push('matrixLighting');
  if (keyboard.perKeyColors) features.push('perKeyColors');
  return features;
}

/**
 * Save + Load → Export: the keymap as QMK keymap.c or keymap.json (through the board's keyboard.json/info.json,
 * which the user picks) or a Vial .vil, written by the same code as `keyloom convert`; what could not be carried
 * is listed after the download.
 */
export function ExportDialog({ keyboard, onClose }: { keyboard: KeyboardState; onClose(): void }) {
  const { t } = useTranslation('convert');
  const refusalWords = useRefusalWords();
  const { runtime } = useAppStores();
  const layerNames = useLayerNames(keyboard.definition.vendorProductId);
  const vilFiles = useDevices((s) => s.capabilities?.vilFiles === true);
  const formats = KEYMAP_FORMATS.filter((f) => f.id !== 'via' && (f.id !== 'vil' || vilFiles));
  // What works with nothing more: a Vial keyboard's own .vil, else keymap.c in matrix form (keymap.json needs the
  // board's keyboard.json, which a VIA user rarely has).
  const [format, setFormatNow] = useState(
    (formats.find((f) => f.id === (vilFiles ? 'vil' : 'qmk-c')) ?? formats[0]!).id,
  );
  const vendorConfig = useDevices((s) => s.vendorConfig);
  const [info, setInfo] = useState<QmkInfo | null>(null);
  const [layoutName, setLayoutName] = useState('');
  const [macros, setMacros] = useState<'code' | 'via'>('code');
  const [qmkKeyboard, setQmkKeyboard] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ files: WrittenFile[]; notes: ConvertNote[] } | null>(null);
  const used = useMemo(
    () =>
      definitionPositions(
        visibleKeys(keyboard.definition.layouts, layoutChoices(keyboard)),
        keyboard.definition.matrix.cols,
      ),
    [keyboard],
  );

  // A new choice starts clean: the last choice's error or result no longer applies.
  const setFormat = (id: string) => {
    setFormatNow(id);
    setError(null);
    setDone(null);
  };

  const exportNow = () => {
    setError(null);
    const doc = keymapDocumentOf(keyboard, {
      vial: keyboard.vial ? runtime.vialFeatures.current?.getState().snapshot() : null,
      layerNames,
    });
    const out = writeKeymap(doc, format, {
      info,
      layoutName: layoutName || undefined,
      used,
      macros,
      qmkKeyboard: qmkKeyboard.trim() || undefined,
    });
    if (!out.ok) {
      setError(refusalWords(out.refusal));
      return;
    }
    const [main] = out.files;
    downloadBlob(new Blob([main!.text], { type: main!.type }), main!.name);
    const stored = storedFeatures(keyboard, vendorConfig);
    const notes: ConvertNote[] =
      stored.length > 0
        ? [...out.notes, { kind: 'keyboardStored', features: stored, format: main!.name }]
        : out.notes;
    setDone({ files: out.files, notes });
  };

  return (
    <ConfirmDialog
      title={t('exportTitle')}
      description={<p className="row-hint">{t('exportHint')}</p>}
      cancelLabel={t('close')}
      confirmLabel={t('download')}
      onCancel={onClose}
      onConfirm={exportNow}
    >
      <div className="export-form" data-testid="export-dialog">
        <label className="row">
          <span className="row-label">{t('format')}</span>
          <select
            className="select"
            value={format}
            onChange={(e) => setFormat(e.target.value)}
            data-testid="export-format"
          >
            {formats.map((f) => (
              <option key={f.id} value={f.id}>
                {t(`formats.${f.id}`)}
              </option>
            ))}
          </select>
        </label>
        {format.startsWith('qmk') && (
          <>
            <div className="row">
              <span className="row-label">
                {t('infoLabel')}
                <span className="row-hint">
                  {info ? t('infoLoaded', { name: info.name, count: info.layouts.length }) : t('infoHint')}
                </span>
              </span>
              {/* The theme's button, as Save + Load's own file choices (a native file input is unthemed). */}
              <FileButton
                label={t('infoChoose')}
                inputLabel={t('infoLabel')}
                accept=".json,application/json"
                disabled={false}
                testId="export-info"
                onFiles={([file]) => {
                  if (!file) return;
                  setDone(null);
                  readText(file).then(
                    (text) => {
                      const read = readQmkInfo(text);
                      setError(read.ok ? null : refusalWords(read.refusal));
                      setInfo(read.ok ? read.info : null);
                      setLayoutName('');
                    },
                    (err: Error) => setError(err.message),
                  );
                }}
              />
            </div>
            {info && (
              <label className="row">
                <span className="row-label">{t('layout')}</span>
                <select
                  className="select"
                  value={layoutName}
                  onChange={(e) => setLayoutName(e.target.value)}
                  data-testid="export-layout"
                >
                  <option value="">{t('layoutAuto')}</option>
                  {info.layouts.map((l) => (
                    <option key={l.name} value={l.name}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </>
        )}
        {format === 'qmk-c' && keyboard.macros.supported && (
          <fieldset className="row">
            <legend className="row-label">{t('macros')}</legend>
            <span className="row-choices">
              {(['code', 'via'] as const).map((m) => (
                <label key={m}>
                  <input
                    type="radio"
                    name="export-macros"
                    checked={macros === m}
                    onChange={() => setMacros(m)}
                  />{' '}
                  {t(m === 'code' ? 'macrosCode' : 'macrosVia')}
                </label>
              ))}
            </span>
          </fieldset>
        )}
        {format === 'qmk-json' && (
          <label className="row">
            <span className="row-label">{t('qmkKeyboard')}</span>
            <input type="text" value={qmkKeyboard} onChange={(e) => setQmkKeyboard(e.target.value)} />
          </label>
        )}
        {error && (
          <p role="alert" className="form-error" data-testid="export-error">
            {error}
          </p>
        )}
        {done && (
          <div role="status">
            <p className="form-success">
              {t('written', { files: done.files.map((f) => f.name).join(', ') })}
            </p>
            {done.files.slice(1).map((f) => (
              <button
                key={f.name}
                type="button"
                className="btn"
                onClick={() => downloadBlob(new Blob([f.text], { type: f.type }), f.name)}
              >
                {t('downloadFile', { name: f.name })}
              </button>
            ))}
            {done.notes.length === 0 ? (
              <p>{t('noNotes')}</p>
            ) : (
              <ConvertNotesList notes={done.notes} testId="export-notes" />
            )}
          </div>
        )}
      </div>
    </ConfirmDialog>
  );
}
