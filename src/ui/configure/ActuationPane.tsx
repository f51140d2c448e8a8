import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TRAVEL, UNITS_PER_MM } from '../../protocol/actuation.ts';
import type { ViaCommands } from '../../protocol/viaCommands.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import type { DrawnKey } from './useKeyboardKeys.ts';

/** Writes wait this long after the last slider move (extended.md §6). */
export const ACTUATION_DEBOUNCE_MS = 100;

export interface ActuationPaneProps {
  keyboard: KeyboardState;
  commands: ViaCommands;
  drawn: readonly DrawnKey[];
  selected: ReadonlySet<number>;
  onLoaded(actuation: NonNullable<KeyboardState['actuation']>): void;
  onError(error: unknown): void;
}

/**
 * Actuation point (AP) per key for Hall-effect keyboards: 'SELF CHECK' until the switches pass it, then
 * select keys on the keyboard (click toggles, drag adds) and set their actuation point, 0–4 mm.
 */
export function ActuationPane({
  keyboard,
  commands,
  drawn,
  selected,
  onLoaded,
  onError,
}: ActuationPaneProps) {
  const { t } = useTranslation('configure');
  const actuation = keyboard.actuation;
  const [busy, setBusy] = useState(false);
  const [mm, setMm] = useState(2);
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

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

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

  const apply = (value: number) => {
    setMm(value);
    if (timer.current) clearTimeout(timer.current);
    const ap = Math.round(Math.min(Math.max(value, 0), MAX_TRAVEL / UNITS_PER_MM) * UNITS_PER_MM);
    const keys = actuation.keys.map((k, i) => (targets.some((d) => d.matrixIndex === i) ? { ...k, ap } : k));
    onLoaded({ ...actuation, keys });
    timer.current = setTimeout(() => {
      void (async () => {
        for (const d of targets)
          await commands.setActuation(
            Math.floor(d.matrixIndex / cols),
            d.matrixIndex % cols,
            keys[d.matrixIndex]!,
          );
      })().catch(onError);
    }, ACTUATION_DEBOUNCE_MS);
  };

  return (
    <div className="pane card">
      <p className="row-hint">{t('actuation.hint')}</p>
      <div className="row">
        <label className="row-label" htmlFor="actuation-point">
          {t('actuation.point')}
          <span className="row-hint">{t('actuation.selectedCount', { count: targets.length })}</span>
        </label>
        <span className="range-control">
          <input
            id="actuation-point"
            type="range"
            min={0}
            max={MAX_TRAVEL / UNITS_PER_MM}
            step={0.01}
            value={mm}
            disabled={targets.length === 0}
            onChange={(e) => apply(Number(e.target.value))}
          />
          <output htmlFor="actuation-point">{mm.toFixed(2)} mm</output>
        </span>
      </div>
    </div>
  );
}
