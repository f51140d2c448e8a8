import { bootKeycodeFor } from '../protocol/bootKeycode.ts';
import type { ViaClient } from '../protocol/viaClient.ts';
import type { DeviceState } from './deviceStore.ts';

/*
 * What waits for the Vial unlock (docs/vial-protocol.md "Unlock"), apart from the unlock store (which loads with
 * the first Vial keyboard that needs it) and from the command store (so lazily loaded panes need only this).
 * A locked vial-qmk answers a macro buffer write, the switch matrix read and the bootloader jump with the
 * request as sent (it looks acknowledged but did nothing) and stores QK_BOOT as nothing: each of those asks for
 * the unlock before it is sent, never after a read-back found it missing.
 */

/** What a refused write was for: it names the message (the `safety` strings' `locked.*`). */
export type LockedAction = 'bootKey' | 'macros' | 'layout';

/** The Vial unlock was cancelled (or the board is locked): the write was not sent, or the firmware refused it. */
export class KeyboardLockedError extends Error {
  constructor(
    readonly action: LockedAction,
    message = KEYBOARD_LOCKED,
  ) {
    super(message);
    this.name = 'KeyboardLockedError';
  }
}

/** A write a locked Vial firmware refused (its reply looked acknowledged; the read-back found nothing changed). */
export const KEYBOARD_LOCKED = 'The keyboard is locked: unlock it';
/** A QK_BOOT write on a Vial keyboard whose unlock was cancelled. */
export const STAYED_LOCKED = 'The keyboard is locked: unlock it to write QK_BOOT';

/** The unlock store's question (state/vialUnlockStore.ts ensureUnlocked): resolves whether it is unlocked. */
type EnsureUnlocked = (reason: 'bootKey' | 'layout') => Promise<boolean>;

/** Before a key or encoder write: QK_BOOT waits for the unlock; a cancelled one throws KeyboardLockedError. */
export async function unlockForKey(
  keyboard: DeviceState['keyboard'],
  keycode: number,
  ensureUnlocked: EnsureUnlocked,
): Promise<void> {
  if (writeNeedsUnlock(keyboard, keycode) && !(await ensureUnlocked('bootKey')))
    throw new KeyboardLockedError('bootKey', STAYED_LOCKED);
}

/**
 * Before whole layers (layer tools, layout loads) and, for a load, its macros: waits for the unlock when they
 * write macros or a new QK_BOOT. Macros first: a locked board refuses every macro write, and one unlock covers
 * the QK_BOOT keys too. A cancelled unlock throws KeyboardLockedError.
 */
export async function unlockForLayers(
  keyboard: DeviceState['keyboard'],
  before: Parameters<typeof layersNeedUnlock>[1],
  after: Parameters<typeof layersNeedUnlock>[2],
  macros: boolean,
  ensureUnlocked: EnsureUnlocked,
): Promise<void> {
  const reason =
    macros && macrosNeedUnlock(keyboard)
      ? 'layout'
      : layersNeedUnlock(keyboard, before, after)
        ? 'bootKey'
        : null;
  if (reason && !(await ensureUnlocked(reason)))
    throw new KeyboardLockedError(reason, reason === 'bootKey' ? STAYED_LOCKED : undefined);
}

/**
 * Whether writing `keycode` to the selected keyboard needs it unlocked: QK_BOOT (in the board's numbering) on a
 * Vial keyboard, which the firmware would otherwise refuse or store as nothing.
 */
export function writeNeedsUnlock(keyboard: DeviceState['keyboard'], keycode: number): boolean {
  return !!keyboard?.vial && keycode === bootKeycodeFor(keyboard.protocol);
}

/** Whether a macro write needs the keyboard unlocked: always on Vial (vial-qmk refuses macro buffer writes). */
export function macrosNeedUnlock(keyboard: DeviceState['keyboard']): boolean {
  return !!keyboard?.vial;
}

/**
 * Whether moving the keyboard from `before` to `after` (whole layers and encoders: layer tools, layout loads)
 * writes a QK_BOOT that is not there yet: on a locked Vial keyboard the firmware stores it as nothing.
 */
export function layersNeedUnlock(
  keyboard: DeviceState['keyboard'],
  before: { keymap: readonly (readonly number[])[]; encoders: readonly (readonly (readonly number[])[])[] },
  after: { keymap: readonly (readonly number[])[]; encoders: readonly (readonly (readonly number[])[])[] },
): boolean {
  if (!keyboard?.vial) return false;
  const boot = bootKeycodeFor(keyboard.protocol);
  const keys = after.keymap.some((layer, l) =>
    layer.some((c, i) => c === boot && before.keymap[l]?.[i] !== boot),
  );
  const encoders = after.encoders.some((row, l) =>
    row.some((pair, e) => pair.some((c, d) => c === boot && before.encoders[l]?.[e]?.[d] !== boot)),
  );
  return keys || encoders;
}

/**
 * After a write to a Vial keyboard stopped or read back wrong: whether the keyboard is locked now (then the lock
 * is why, and the message should say so). False when the lock cannot be read (the keyboard left).
 */
export async function lockedNow(keyboard: DeviceState['keyboard'], client: ViaClient): Promise<boolean> {
  if (!keyboard?.vial) return false;
  try {
    const { readUnlockState } = await import('../services/vialUnlock.ts');
    return !(await readUnlockState(client)).unlocked;
  } catch {
    return false;
  }
}
