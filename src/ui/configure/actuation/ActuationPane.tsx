import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { keyLegend } from '../../../keycodes/legends.ts';
import { MAX_TRAVEL, RT_DEFAULT, UNITS_PER_MM, type RtData } from '../../../qmk/actuation.ts';
import { useAppStores, useDevices, useSelection } from '../../AppContext.tsx';
import { DksEditor } from './DksEditor.tsx';
import { PaneTabs } from '../../common/PaneTabs.tsx';
import { SwitchSetting } from '../../common/SettingRow.tsx';
import { actuationCommandsOf, type ActuationSource } from '../../../services/actuationCommandsOf.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import type { DrawnKey } from '../../canvas/useKeyboardKeys.ts';
import '../../common/onDemandParts.css';
import '../paneControls.css';

/** Press and release sensitivity given to a key whose rapid trigger is turned on without any (0.30 mm). */
const RT_START = 30;

/** Writes wait this long after the last slider move (extended.md §6). */
export const ACTUATION_DEBOUNCE_MS = 100;

export interface ActuationPaneProps {
  keyboard: KeyboardState;
  /** The keyboard's commands; the pane's own (actuation, rapid trigger, DKS) come with it. */
  commands: ActuationSource;
  drawn: readonly DrawnKey[];
  selected: ReadonlySet<number>;
  onLoaded(actuation: NonNullable<KeyboardState['actuation']>): void;
  onError(error: unknown): void;
}

/**
 * Hall-effect keys: 'SELF CHECK' until the switches pass it, then select keys on the keyboard (click toggles,
 * drag adds) and set their actuation point (AP) or rapid trigger (RT), 0–4 mm.
 */
export function ActuationPane({
  keyboard,
  commands: source,
  drawn,
  selected,
  onLoaded,
  onError,
}: ActuationPaneProps) {
  const commands = useMemo(() => actuationCommandsOf(source), [source]);
  const { t } = useTranslation(['panes', 'vendor']);
  const { selection } = useAppStores();
  const actuation = keyboard.actuation;
  const [busy, setBusy] = useState(false);
  const view = useSelection((s) => s.actuationView);
  const layer = useDevices((s) => s.selectedLayer);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { rows, cols } = keyboard.definition.matrix;

  useEffect(() => {
    if (actuation) return;
    let live = true;
    (async () => {
      const selfChecked = await commands.selfChecked();
      const keys = selfChecked ? await commands.readActuation(rows * cols) : [];
      if (live) onLoaded({ selfChecked, keys });
    })().catch(onError);
    return () => {
      live = false;
    };
  }, [actuation, commands, rows, cols, onLoaded, onError]);

  // The write waiting for its 100 ms: what the screen already shows. `key` says what it writes (a field of the
  // selected keys): a later change of the same replaces it, any other change, and leaving the pane, send it first.
  const pending = useRef<{ key: string; write: () => Promise<void> } | null>(null);
  const flush = useRef(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const waiting = pending.current;
    pending.current = null;
    if (waiting) void waiting.write().catch(onErrorRef.current);
  }).current;
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);
  useEffect(() => flush, [flush]);

  // Rapid trigger and DKS are read when their menu is first opened.
  useEffect(() => {
    if (!actuation?.selfChecked) return;
    if (view === 'ap' || (view === 'rt' && actuation.rt) || (view === 'dks' && actuation.dks)) return;
    let live = true;
    (view === 'rt'
      ? commands.readRapidTrigger(rows * cols).then((rt) => live && onLoaded({ ...actuation, rt }))
      : commands.readDks().then((dks) => live && onLoaded({ ...actuation, dks }))
    ).catch(onError);
    return () => {
      live = false;
    };
  }, [view, actuation, commands, rows, cols, onLoaded, onError]);

  if (!actuation) return <p className="card row-hint">{t('loadingFeatures')}</p>;

  if (!actuation.selfChecked) {
    return (
      <div className="pane card empty-state">
        <p>{t('actuation.selfCheckHint')}</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            commands
              .runSelfCheck()
              .then(async (ok) =>
                onLoaded({ selfChecked: ok, keys: ok ? await commands.readActuation(rows * cols) : [] }),
              )
              .catch(onError)
              .finally(() => setBusy(false));
          }}
        >
          {t('actuation.selfCheck')}
        </button>
      </div>
    );
  }

  const targets = [...selected].map((i) => drawn[i]).filter((d): d is DrawnKey => !!d && d.matrixIndex >= 0);
  const rtLoaded = actuation.rt !== undefined;

  /**
   * Applies a change to the selected keys at once on screen; writes them 100 ms after the last change of the same
   * field of the same keys (a slider dragged is one write). Before, a change of another field or other keys dropped
   * the waiting write, and leaving the pane did: the keys showed a value the keyboard never got.
   */
  const debounced = (field: string, write: () => Promise<void>) => {
    const key = `${field}:${targets.map((d) => d.matrixIndex).join(',')}`;
    if (pending.current && pending.current.key !== key) flush();
    if (timer.current) clearTimeout(timer.current);
    pending.current = { key, write };
    timer.current = setTimeout(flush, ACTUATION_DEBOUNCE_MS);
  };
  const position = (d: DrawnKey) => [Math.floor(d.matrixIndex / cols), d.matrixIndex % cols] as const;

  // The editors show the selected keys' own values (issue #13.3): one value when they agree, 'mixed' when
  // not. Nothing is written until the user changes a control, and a change sets only that field on each key.
  const apValues = targets.map((d) => actuation.keys[d.matrixIndex]?.ap ?? 0);
  const rtValues = targets.map((d) => actuation.rt?.[d.matrixIndex] ?? RT_DEFAULT);
  const ap = common(apValues);
  const rt = {
    enabled: common(rtValues.map((r) => r.enabled)),
    crtEnabled: common(rtValues.map((r) => r.crtEnabled)),
    rt1: common(rtValues.map((r) => r.rt1)),
    rt2: common(rtValues.map((r) => r.rt2)),
  };

  const applyAp = (value: number) => {
    const units = toUnits(value);
    const keys = actuation.keys.map((k, i) =>
      targets.some((d) => d.matrixIndex === i) ? { ...k, ap: units } : k,
    );
    onLoaded({ ...actuation, keys });
    debounced('ap', async () => {
      for (const d of targets) await commands.setActuation(...position(d), keys[d.matrixIndex]!);
    });
  };

  const applyRt = (change: Partial<RtData>) => {
    const all = actuation.rt ?? [];
    const next = all.map((k, i) => {
      if (!targets.some((d) => d.matrixIndex === i)) return k;
      // Turned on for a key that never had sensitivities: start from 0.30 mm rather than 0.
      const start = change.enabled ? { rt1: k.rt1 || RT_START, rt2: k.rt2 || RT_START } : {};
      return { ...k, ...start, ...change };
    });
    onLoaded({ ...actuation, rt: next });
    debounced(`rt:${Object.keys(change).join()}`, async () => {
      for (const d of targets) await commands.setRapidTrigger(...position(d), next[d.matrixIndex]!);
    });
  };

  const count = <span className="row-hint">{t('actuation.selectedCount', { count: targets.length })}</span>;
  return (
    <div className="pane card">
      <PaneTabs<'ap' | 'rt' | 'dks'>
        label={t('configure:pane.actuation')}
        tabs={[
          // The spec's short names (extended.md) with the words they stand for beside them.
          { id: 'ap', label: t('actuation.ap'), detail: t('actuation.apName') },
          { id: 'rt', label: t('actuation.rt'), detail: t('actuation.rtName') },
          { id: 'dks', label: t('actuation.dks'), detail: t('actuation.dksName') },
        ]}
        current={view}
        onChange={(v) => selection.getState().setActuationView(v)}
      />
      <p className="row-hint">{t(`actuation.${view}Hint`)}</p>
      {view === 'dks' ? (
        actuation.dks === undefined ? (
          <p className="row-hint">{t('loadingFeatures')}</p>
        ) : (
          <DksEditor
            commands={commands}
            layer={layer}
            targets={targets.map((d) => {
              const [row, col] = position(d);
              return { row, col, name: keyName(keyboard, layer, d) };
            })}
            entries={actuation.dks}
            onEntries={(dks) => onLoaded({ ...actuation, dks })}
          />
        )
      ) : view === 'ap' ? (
        <MmRow
          id="actuation-point"
          label={t('actuation.point')}
          hint={count}
          value={ap.value === null ? null : ap.value / UNITS_PER_MM}
          mixed={ap.mixed}
          min={0}
          disabled={targets.length === 0}
          onChange={applyAp}
        />
      ) : !rtLoaded ? (
        <p className="row-hint">{t('loadingFeatures')}</p>
      ) : (
        <>
          <SwitchSetting
            label={t('actuation.rtEnabled')}
            hint={
              t('actuation.selectedCount', { count: targets.length }) +
              (rt.enabled.mixed ? ` · ${t('vendor:actuation.mixed')}` : '')
            }
            checked={rt.enabled.value === true}
            disabled={targets.length === 0}
            onChange={(enabled) => applyRt({ enabled })}
          />
          <SwitchSetting
            label={t('actuation.crt')}
            hint={rt.crtEnabled.mixed ? t('vendor:actuation.mixed') : undefined}
            checked={rt.crtEnabled.value === true}
            disabled={targets.length === 0 || rt.enabled.value === false}
            onChange={(crtEnabled) => applyRt({ crtEnabled })}
          />
          <MmRow
            id="rt-press"
            label={t('actuation.rtPress')}
            value={rt.rt1.value === null ? null : rt.rt1.value / UNITS_PER_MM}
            mixed={rt.rt1.mixed}
            min={0.01}
            disabled={targets.length === 0 || rt.enabled.value === false}
            onChange={(v) => applyRt({ rt1: toUnits(v) })}
          />
          <MmRow
            id="rt-release"
            label={t('actuation.rtRelease')}
            value={rt.rt2.value === null ? null : rt.rt2.value / UNITS_PER_MM}
            mixed={rt.rt2.mixed}
            min={0.01}
            disabled={targets.length === 0 || rt.enabled.value === false}
            onChange={(v) => applyRt({ rt2: toUnits(v) })}
          />
        </>
      )}
    </div>
  );
}

/** Millimetres on screen (2 decimals, 0–4) to keyboard units (100 per mm, 0–400). */
const toUnits = (mm: number) =>
  Math.round(Math.min(Math.max(mm, 0), MAX_TRAVEL / UNITS_PER_MM) * UNITS_PER_MM);

/**
 * A key's name for the DKS heading: what its keycode is called ('Layer-tap 1, A', not the 'A' on its face),
 * else its place.
 */
const keyName = (keyboard: KeyboardState, layer: number, d: DrawnKey) =>
  keyLegend(keyboard.keymap[layer]?.[d.matrixIndex] ?? 0, keyboard.protocol, {
    customKeycodes: keyboard.definition.customKeycodes ?? [],
  }).title || d.canvas.ariaLabel;

/** The selected keys' common value; `value` null when none is selected, `mixed` when they differ. */
function common<T>(values: readonly T[]): { value: T | null; mixed: boolean } {
  if (values.length === 0) return { value: null, mixed: false };
  const mixed = values.some((v) => v !== values[0]);
  return { value: mixed ? null : values[0]!, mixed };
}

/**
 * A travel in millimetres: a slider from `min` to 4 mm with its value beside it; 'Mixed' when the selected
 * keys differ (the slider then rests at its start until moved), '—' when no key is selected.
 */
function MmRow({
  id,
  label,
  hint,
  value,
  mixed,
  min,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  value: number | null;
  mixed: boolean;
  min: number;
  disabled: boolean;
  onChange(mm: number): void;
}) {
  const { t } = useTranslation(['panes', 'vendor']);
  return (
    <div className="row">
      <label className="row-label" htmlFor={id}>
        {label}
        {hint}
      </label>
      <span className="range-control">
        <input
          id={id}
          type="range"
          min={min}
          max={MAX_TRAVEL / UNITS_PER_MM}
          step={0.01}
          value={value ?? min}
          disabled={disabled}
          aria-valuetext={mixed ? t('vendor:actuation.mixed') : undefined}
          onChange={(e) => onChange(Number(e.target.value))}
        />
        <output htmlFor={id} data-testid={`${id}-value`}>
          {mixed ? t('vendor:actuation.mixed') : value === null ? '—' : `${value.toFixed(2)} mm`}
        </output>
      </span>
    </div>
  );
}
