import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { keyGeometry, boundingBox, visibleKeys } from '../../definitions/geometry.ts';
import { keycodeLabel } from '../../keycodes/index.ts';
import { UNLOCK_COUNTER_START } from '../../protocol/vial.ts';
import { useAppStores, useDevices } from '../AppContext.tsx';
import './vialUnlock.css';

/**
 * The Vial unlock (docs/vial-protocol.md "Unlock"): which keys to hold, drawn on the keyboard; the firmware's
 * counter as progress; Cancel. Opens when an action waits for the unlock (state/vialUnlockStore.ts).
 */
export function VialUnlockDialog() {
  const { t } = useTranslation('unlock');
  const { runtime } = useAppStores();
  const dialog = useStore(runtime.vialUnlock, (s) => s.dialog);
  const keyboard = useDevices((s) => s.keyboard);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const open = dialog !== null;

  useEffect(() => {
    if (!open) return;
    cancelButton.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && runtime.vialUnlock.getState().cancel();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, runtime]);

  const drawing = useMemo(() => {
    if (!keyboard) return null;
    const keys = visibleKeys(keyboard.definition.layouts, []).filter((k) => !k.d && k.row >= 0);
    const shapes = keys.map((k) => ({ key: k, geometry: keyGeometry(k) }));
    return { shapes, box: boundingBox(shapes.map((s) => s.geometry)) };
  }, [keyboard]);

  if (!dialog || !keyboard) return null;
  const held = new Set(dialog.keys.map(([row, col]) => `${row},${col}`));
  const { cols } = keyboard.definition.matrix;
  // What the key types on layer 0 (what is printed on it), then where it sits in the matrix.
  const face = (row: number, col: number) =>
    keycodeLabel(keyboard.keymap[0]?.[row * cols + col] ?? 0, keyboard.protocol).label;
  const names = dialog.keys.map(([row, col]) => t('keyName', { key: face(row, col), row, col })).join(' + ');
  const done = UNLOCK_COUNTER_START - dialog.counter;
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog vial-unlock"
        role="dialog"
        aria-modal="true"
        aria-labelledby="vial-unlock-title"
        aria-describedby="vial-unlock-hold"
      >
        <h2 id="vial-unlock-title" style={{ marginTop: 0 }}>
          {t('title', { name: keyboard.definition.name })}
        </h2>
        <p className="row-hint">{t(`reason.${dialog.reason}`)}</p>
        <p id="vial-unlock-hold">{t('hold', { keys: names })}</p>
        {drawing && (
          <svg
            className="vial-unlock-keys"
            role="img"
            aria-label={t('drawing', { keys: names })}
            viewBox={`${drawing.box.x - 4} ${drawing.box.y - 4} ${drawing.box.w + 8} ${drawing.box.h + 8}`}
          >
            {drawing.shapes.map(({ key, geometry }, i) => (
              <g
                key={i}
                className={held.has(`${key.row},${key.col}`) ? 'vial-unlock-key held' : 'vial-unlock-key'}
                data-held={held.has(`${key.row},${key.col}`) || undefined}
              >
                {geometry.polygons.map((points, j) => (
                  <polygon key={j} points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
                ))}
                {held.has(`${key.row},${key.col}`) && (
                  <text
                    x={geometry.center.x}
                    y={geometry.center.y}
                    textAnchor="middle"
                    dominantBaseline="central"
                  >
                    {face(key.row, key.col)}
                  </text>
                )}
              </g>
            ))}
          </svg>
        )}
        <progress
          className="vial-unlock-progress"
          max={UNLOCK_COUNTER_START}
          value={done}
          aria-label={t('progressLabel')}
          aria-valuetext={t('progress', { done, total: UNLOCK_COUNTER_START })}
        />
        <p className="row-hint" aria-live="polite">
          {t('progress', { done, total: UNLOCK_COUNTER_START })}
        </p>
        {dialog.error && (
          <p role="alert" className="form-error">
            {t('error', { message: dialog.error })}
          </p>
        )}
        <p className="row-hint">{t('cancelNote')}</p>
        <div className="dialog-actions">
          <button
            ref={cancelButton}
            type="button"
            className="btn"
            onClick={() => runtime.vialUnlock.getState().cancel()}
          >
            {t('cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The selected Vial keyboard's lock, beside the layer bar: locked / unlocked / unlock unfinished, with Unlock or
 * Lock again. Renders nothing for a VIA keyboard.
 */
export function VialLockChip() {
  const { t } = useTranslation('unlock');
  const { runtime } = useAppStores();
  const vial = useDevices((s) => s.keyboard?.vial);
  const lock = useStore(runtime.vialUnlock, (s) => s.lock);
  const dialogOpen = useStore(runtime.vialUnlock, (s) => s.dialog !== null);

  useEffect(() => {
    if (vial) void runtime.vialUnlock.getState().refresh();
  }, [vial, runtime]);

  if (!vial || !lock) return null;
  const state = lock.unlocked ? 'unlocked' : lock.inProgress ? 'unfinished' : 'locked';
  const store = runtime.vialUnlock.getState();
  return (
    <div className={`vial-lock-chip ${state}`} role="status">
      <span>{t(`chip.${state}`)}</span>
      {lock.unlocked ? (
        <button type="button" className="btn btn-sm" onClick={() => void store.relock()}>
          {t('lockAgain')}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-sm"
          disabled={dialogOpen}
          onClick={() => void store.ensureUnlocked('user')}
        >
          {t(state === 'unfinished' ? 'finishUnlock' : 'unlock')}
        </button>
      )}
    </div>
  );
}
