import { use, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { keyGeometry, boundingBox, visibleKeys } from '../../definitions/geometry.ts';
import { keycodeForEventCode } from '../../keycodes/eventCodes.ts';
import { keycodeLabel } from '../../keycodes/index.ts';
import { useAppStores, useDevices } from '../AppContext.tsx';
import { LockCard } from '../keymapScreen/LockCard.tsx';
import '../common/onDemandParts.css';
import '../common/progress.css';
import './vialUnlock.css';

/**
 * The Vial unlock (docs/vial-protocol.md "Unlock") as every family's lock card, modal (LockCard): which keys to
 * hold and why, the keys drawn on the keyboard and the firmware's counter as progress (Vial's own view), Cancel.
 * Opens when an action waits for the unlock (state/vialUnlockStore.ts). Escape does not close it and the keys to
 * hold do not press its buttons: they may be the keys asked for (the demo asks for Esc + Enter). On a virtual
 * keyboard the computer's keys press its switches, as a finger would.
 */
export function VialUnlockDialog() {
  const { t } = useTranslation('unlock');
  const { runtime } = useAppStores();
  const unlock = use(runtime.vialUnlock());
  const dialog = useStore(unlock, (s) => s.dialog);
  const keyboard = useDevices((s) => s.keyboard);
  const virtual = useDevices((s) => s.devices.some((d) => d.path === s.selectedPath && d.virtual));
  const cancelButton = useRef<HTMLButtonElement>(null);
  const cols = keyboard?.definition.matrix.cols ?? 0;
  const keycodes = (dialog?.keys ?? []).map(([row, col]) => keyboard?.keymap[0]?.[row * cols + col] ?? 0);
  useHeldKeys(dialog !== null, keycodes, virtual ? runtime : null);

  const drawing = useMemo(() => {
    if (!keyboard) return null;
    const keys = visibleKeys(keyboard.definition.layouts, []).filter((k) => !k.d && k.row >= 0);
    const shapes = keys.map((k) => ({ key: k, geometry: keyGeometry(k) }));
    return { shapes, box: boundingBox(shapes.map((s) => s.geometry)) };
  }, [keyboard]);

  if (!dialog || !keyboard) return null;
  const held = new Set(dialog.keys.map(([row, col]) => `${row},${col}`));
  // What the key types on layer 0 (what is printed on it), then where it sits in the matrix.
  const face = (row: number, col: number) =>
    keycodeLabel(keyboard.keymap[0]?.[row * cols + col] ?? 0, keyboard.protocol).label;
  const names = dialog.keys.map(([row, col]) => t('keyName', { key: face(row, col), row, col })).join(' + ');
  const done = dialog.counterStart - dialog.counter;
  return (
    <LockCard
      prefix="vial"
      lock={{
        title: t('title', { name: keyboard.definition.name }),
        press: t('hold', { keys: names }),
        why: t(`reason.${dialog.reason}`),
        idle: t('cancelNote'),
      }}
      modal={{
        initialFocus: cancelButton,
        actions: (
          <button ref={cancelButton} type="button" className="btn" onClick={() => unlock.getState().cancel()}>
            {t('cancel')}
          </button>
        ),
      }}
    >
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
        max={dialog.counterStart}
        value={done}
        aria-label={t('progressLabel')}
        aria-valuetext={t('progress', { done, total: dialog.counterStart })}
      />
      <p className="row-hint" aria-live="polite">
        {t('progress', { done, total: dialog.counterStart })}
      </p>
      {dialog.error && (
        <p role="alert" className="form-error">
          {t('error', { message: dialog.error })}
        </p>
      )}
    </LockCard>
  );
}

/**
 * While `active`: a computer key that types one of `keycodes` (what the keys to hold carry on layer 0) does
 * nothing on the page (Enter would press the focused Cancel), and with `press` given (a virtual keyboard) every
 * key press and release goes to the keyboard's switches. Keys still held are let go when it ends or the window
 * loses the focus.
 */
function useHeldKeys(
  active: boolean,
  keycodes: readonly number[],
  keyboard: { pressVirtualKey(code: string, down: boolean): Promise<void> } | null,
) {
  // The counter's every step draws the dialog again: the listeners stay, reading the newest values.
  const latest = useRef({ keycodes, keyboard });
  latest.current = { keycodes, keyboard };
  // Listening before the dialog paints: a key pressed as soon as it shows is not lost on a busy machine.
  useLayoutEffect(() => {
    if (!active) return;
    const held = new Set<string>();
    const press = (code: string, down: boolean) => void latest.current.keyboard?.pressVirtualKey(code, down);
    const onKey = (event: KeyboardEvent) => {
      const down = event.type === 'keydown';
      const keycode = keycodeForEventCode(event.code);
      if (keycode !== null && latest.current.keycodes.includes(keycode)) event.preventDefault();
      // A key already down when the dialog opened (Enter that pressed "Finish unlock…", held on) is first seen
      // by its auto-repeat: that counts as its press, later repeats do not.
      if (down && event.repeat && held.has(event.code)) return;
      if (down) held.add(event.code);
      else held.delete(event.code);
      press(event.code, down);
    };
    const letGo = () => {
      for (const code of held) press(code, false);
      held.clear();
    };
    // Capturing: before the dialog's own handling, which keeps keys from the page.
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('keyup', onKey, true);
    window.addEventListener('blur', letGo);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('keyup', onKey, true);
      window.removeEventListener('blur', letGo);
      letGo();
    };
  }, [active]);
}

/**
 * The selected Vial keyboard's lock, at the top of the Configure pane column: locked / unlocked / unlock unfinished, with Unlock or
 * Lock again. Renders nothing for a VIA keyboard.
 */
export function VialLockChip() {
  const { t } = useTranslation('unlock');
  const { runtime } = useAppStores();
  const unlock = use(runtime.vialUnlock());
  const vial = useDevices((s) => s.keyboard?.vial);
  const lock = useStore(unlock, (s) => s.lock);
  const dialogOpen = useStore(unlock, (s) => s.dialog !== null);

  useEffect(() => {
    if (vial) void unlock.getState().refresh();
  }, [vial, unlock]);

  if (!vial || !lock) return null;
  const state = lock.unlocked ? 'unlocked' : lock.inProgress ? 'unfinished' : 'locked';
  const store = unlock.getState();
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
