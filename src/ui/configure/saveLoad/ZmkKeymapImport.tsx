import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { planZmkKeymapLoad, type ZmkLoadPlan } from '../../../convert/zmkKeymapLoad.ts';
import { readZmkKeymapSource } from '../../../convert/zmkKeymapReader.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { ZmkBindingWrite } from '../../../zmk/layerEdits.ts';
import { activeKeyCount } from '../../../zmk/physicalLayout.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';
import { FileButton } from '../../common/FileButton.tsx';
import { readText } from '../../common/readFile.ts';
import { useRefusalWords } from '../../common/refusalWords.ts';
import { FormatRow } from './FormatRow.tsx';
import '../../common/onDemandParts.css';
import './loadPreview.css';

/** Rows listed one by one in the preview (a keymap has a few hundred bindings at most). */
const LISTED = 300;

/** One of the preview's lists: it scrolls when long, so it takes focus to be scrolled from the keyboard. */
function PreviewList({ testId, label, items }: { testId: string; label: string; items: string[] }) {
  return (
    <ul className="load-preview-scroll" data-testid={testId} aria-label={label} tabIndex={0}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * The ZMK family's Load in the Save + Load pane: a ZMK `.keymap` (docs/keymap-formats.md "Reading a ZMK .keymap"): the file is read, then a
 * preview says which bindings change, which layers the file has beyond the keyboard's or leaves alone, and what
 * cannot go onto a Studio keyboard (the file's own behaviors, behaviors the build lacks, combos, sensor
 * bindings …). Apply sends only the changed bindings as set-binding requests, left unsaved: the screen's Save
 * keeps them, Discard drops them. Nothing is sent before Apply.
 */
export function ZmkKeymapImport({
  state,
  onApply,
}: {
  state: Pick<ZmkKeyboardState, 'behaviors' | 'keymap' | 'layouts' | 'busy'>;
  onApply(writes: readonly ZmkBindingWrite[]): Promise<void>;
}) {
  const { t } = useTranslation('zmk');
  const refusalWords = useRefusalWords();
  const [plan, setPlan] = useState<{ file: string; plan: ZmkLoadPlan } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  const { keymap, layouts } = state;
  if (!keymap || !layouts) return null;

  const pick = async (file: File) => {
    setError(null);
    setApplied(null);
    let text: string;
    try {
      text = await readText(file);
    } catch (err) {
      return setError((err as Error).message);
    }
    const read = readZmkKeymapSource(text, file.name);
    if (!read.ok) return setError(refusalWords(read.refusal));
    const positions = activeKeyCount(layouts);
    setPlan({
      file: file.name,
      plan: planZmkKeymapLoad(read.source, { behaviors: state.behaviors, layers: keymap.layers, positions }),
    });
  };

  const apply = async (p: ZmkLoadPlan) => {
    setPlan(null);
    try {
      await onApply(p.writes);
      setApplied(p.writes.length);
    } catch {
      // The screen's failure note says why (the store records it); what was written is put back.
    }
  };

  const layerName = (index: number) => keymap.layers[index]?.name || t('import.layerN', { n: index });
  const shown = plan?.plan;
  const kept = shown
    ? [
        shown.ownBehaviors.length > 0 && t('import.ownBehaviors', { names: shown.ownBehaviors.join(', ') }),
        shown.combos.length > 0 && t('import.combos', { names: shown.combos.join(', ') }),
        shown.conditionalLayers.length > 0 &&
          t('import.conditionalLayers', { names: shown.conditionalLayers.join(', ') }),
        shown.sensorBindings > 0 && t('import.sensorBindings', { count: shown.sensorBindings }),
        shown.overrides > 0 && t('import.overrides', { count: shown.overrides }),
      ].filter((x): x is string => typeof x === 'string')
    : [];

  return (
    <div data-testid="zmk-import">
      <FormatRow label={t('import.title')} hint={t('import.hint')}>
        <FileButton
          label={t('import.choose')}
          inputLabel={t('import.title')}
          accept=".keymap,.dtsi,text/plain"
          testId="zmk-import-file"
          disabled={state.busy}
          onFiles={(files) => void pick(files[0]!)}
        />
      </FormatRow>
      {error && (
        <p role="alert" className="form-error" data-testid="zmk-import-error">
          {error}
        </p>
      )}
      {applied !== null && (
        <p role="status" className="form-success">
          {t('import.applied', { count: applied })}
        </p>
      )}
      {plan && shown && (
        <ConfirmDialog
          title={t('import.previewTitle', { file: plan.file })}
          description={
            <p className="row-hint">
              {shown.changes.length === 0
                ? t('import.noChanges')
                : t('import.changesIntro', { count: shown.changes.length })}
            </p>
          }
          // Nothing would change: nothing to apply, the dialog only closes.
          cancelLabel={t(shown.changes.length === 0 ? 'close' : 'cancel')}
          confirmLabel={t('import.apply')}
          onCancel={() => setPlan(null)}
          onConfirm={shown.changes.length === 0 ? undefined : () => void apply(shown)}
        >
          <PreviewList
            testId="zmk-import-changes"
            label={t('import.changesLabel')}
            items={shown.changes.slice(0, LISTED).map((c) =>
              t('import.change', {
                layer: layerName(c.layer),
                position: c.position,
                before: c.beforeText,
                after: c.text,
              }),
            )}
          />
          {shown.extraLayers.length > 0 && (
            <p>{t('import.extraLayers', { names: shown.extraLayers.join(', ') })}</p>
          )}
          {shown.untouchedLayers.length > 0 && (
            <p>{t('import.untouchedLayers', { names: shown.untouchedLayers.join(', ') })}</p>
          )}
          {(shown.notCarried.length > 0 || kept.length > 0) && (
            <>
              <h3>{t('import.notCarriedTitle')}</h3>
              <PreviewList
                testId="zmk-import-not-carried"
                label={t('import.notCarriedTitle')}
                items={[
                  ...shown.notCarried.slice(0, LISTED).map((n) =>
                    t('import.notCarried', {
                      layer: layerName(n.layer),
                      position: n.position,
                      text: n.text,
                      reason: t(`import.reason.${n.reason}`),
                    }),
                  ),
                  ...kept,
                ]}
              />
            </>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
