import { use, useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { definitionName } from '../../definitions/definitionName.ts';
import { useStore } from 'zustand';
import { designWarningDue, markDesignWarningSeen, WARNING_DISMISSED_KEY } from '../../state/designStore.ts';
import { browserSessionStorage, browserStorage } from '../../state/storage.ts';
import { useAppStores, useSettings } from '../AppContext.tsx';
import { FileButton } from '../common/FileButton.tsx';
import { PaneTabs } from '../common/PaneTabs.tsx';
import { readText } from '../common/readFile.ts';
import { readableError } from '../common/errorText.ts';
import { DefinitionChecks } from './DefinitionChecks.tsx';
import { LayoutsPane } from '../configure/layouts/LayoutsPane.tsx';
import { SwitchSetting } from '../common/SettingRow.tsx';
import '../common/onDemandParts.css';
import './design.css';

const local = browserStorage();

const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(8, '0')}`;

/**
 * The Design tab (extended.md §2): makers load draft keyboard definitions (source or VIA form, for v2 or v3),
 * see them on the canvas with their layout options and matrix positions, and keep a list of drafts.
 */
export default function DesignScreen() {
  const { t } = useTranslation('design');
  const { runtime, settings } = useAppStores();
  const designStore = use(runtime.design.load());
  const version = useSettings((s) => s.designDefinitionVersion);
  const drafts = useStore(designStore, (s) => s.drafts[version]);
  const shownId = useStore(designStore, (s) => s.shown[version]);
  const choices = useStore(designStore, (s) => s.choices);
  const showMatrix = useStore(designStore, (s) => s.showMatrix);
  const [errors, setErrors] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [warning, setWarning] = useState(() => designWarningDue(local, browserSessionStorage()));
  const shown = drafts.find((d) => d.definition.vendorProductId === shownId);
  const design = designStore.getState();

  useEffect(() => {
    if (warning) markDesignWarningSeen(local);
    // Counted once per visit to the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const load = async (files: File[]) => {
    setLoading(true);
    setErrors([]);
    try {
      const read = await Promise.all(
        files.map(async (f) => ({ name: f.webkitRelativePath || f.name, text: await readText(f) })),
      );
      // Checked off the page's thread: a large file never holds the page (services/definitionChecks.ts).
      const { definitionChecks } = await import('../../services/definitionChecks.ts');
      const result = await definitionChecks().designFiles(read, version);
      if (result.ok) design.add(result.drafts);
      else setErrors(result.errors);
    } catch (error) {
      setErrors([readableError(error)]);
    } finally {
      setLoading(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files].filter((f) => f.name.toLowerCase().endsWith('.json'));
    if (files.length > 0) void load(files);
  };

  const labels = shown?.definition.layouts.labels ?? [];
  const shownChoices = shown ? (choices[shown.definition.vendorProductId] ?? labels.map(() => 0)) : [];

  return (
    <div className="screen design-screen">
      <h1>{t('title')}</h1>
      {warning && (
        <div role="alertdialog" aria-labelledby="design-warning-title" className="card design-warning">
          <h2 id="design-warning-title">{t('warning.title')}</h2>
          <p>{t('warning.body')}</p>
          <div className="design-row">
            <button type="button" className="btn btn-primary" autoFocus onClick={() => setWarning(false)}>
              {t('warning.ok')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                browserSessionStorage().setItem(WARNING_DISMISSED_KEY, '1');
                setWarning(false);
              }}
            >
              {t('warning.dismiss')}
            </button>
          </div>
        </div>
      )}
      <section className="card design-panel" aria-label={t('panel')}>
        <PaneTabs<'v2' | 'v3'>
          label={t('version')}
          tabs={[
            { id: 'v2', label: t('v2') },
            { id: 'v3', label: t('v3') },
          ]}
          current={version}
          onChange={(v) => settings.getState().update({ designDefinitionVersion: v })}
        />
        <div
          className={dragging ? 'design-drop dragging' : 'design-drop'}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p>{t('drop', { version })}</p>
          <FileButton
            label={t('load')}
            accept=".json,application/json"
            multiple
            disabled={loading}
            onFiles={(files) => void load(files)}
          />
        </div>
        {errors.length > 0 && (
          <div role="alert" className="design-errors">
            <p className="message-error">{t('errors')}</p>
            <ul>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        )}
        {drafts.length === 0 ? (
          <p className="row-hint">{t('empty', { version })}</p>
        ) : (
          <>
            <label className="design-row">
              {t('shown')}
              <select value={shownId ?? ''} onChange={(e) => design.show(version, Number(e.target.value))}>
                {drafts.map((d) => (
                  <option key={d.definition.vendorProductId} value={d.definition.vendorProductId}>
                    {definitionName(d.definition)}
                  </option>
                ))}
              </select>
            </label>
            <SwitchSetting
              label={t('showMatrix')}
              checked={showMatrix}
              onChange={(on) => design.setShowMatrix(on)}
            />
            {shown && <DefinitionChecks definition={shown.definition} />}
            {shown && labels.length > 0 && (
              <LayoutsPane
                labels={labels}
                choices={shownChoices}
                onChange={(i, c) => design.setChoice(shown.definition.vendorProductId, i, c)}
              />
            )}
            <ul className="design-drafts" aria-label={t('drafts')}>
              {drafts.map((d) => (
                <li key={d.definition.vendorProductId}>
                  <span>
                    <strong>{definitionName(d.definition)}</strong>{' '}
                    <code>{hex(d.definition.vendorProductId)}</code>{' '}
                    <span className="row-hint">{d.fileName}</span>
                  </span>
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-label={t('remove', { name: definitionName(d.definition) })}
                    onClick={() => design.remove(version, d.definition.vendorProductId)}
                  >
                    {t('removeShort')}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
