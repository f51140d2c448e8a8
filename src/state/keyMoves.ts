import type { StoreApi } from 'zustand/vanilla';
import {
  applyKeyMove,
  applyKeyWrites,
  planKeyWrites,
  type KeyMove,
  type KeyPlace,
} from '../keymap/keyMoves.ts';
import { bootKeycodeFor } from '../protocol/bootKeycode.ts';
import type { CommandState } from './commands.ts';
import { MSG_MISSING_DEVICE, type DeviceState } from './deviceStore.ts';

const KC_NO = 0x0000;
const KC_TRNS = 0x0001;

/** What a key whose assignment moved away holds: transparent above the base layer, nothing on it. */
export const vacatedCode = (layer: number): number => (layer === 0 ? KC_NO : KC_TRNS);

/**
 * Swaps, moves or copies key assignments on the selected keyboard as one undo step ('key-swap', 'key-move',
 * 'key-copy'), written as the fewest reports (`planKeyWrites`). The keys show their new codes at once; a failed
 * write shows again what the keyboard holds and rejects, leaving history as it was. A move that does nothing
 * writes nothing and records nothing.
 */
export async function runKeyMove(
  devices: StoreApi<DeviceState>,
  history: StoreApi<CommandState>,
  move: KeyMove<number>,
): Promise<void> {
  const keyboard = devices.getState().keyboard;
  if (!keyboard) throw new Error(MSG_MISSING_DEVICE);
  const before = keyboard.keymap;
  const after = applyKeyMove(before, move);
  const places: KeyPlace[] = [];
  after.forEach((codes, layer) =>
    codes.forEach((code, index) => code !== before[layer]![index] && places.push({ layer, index })),
  );
  if (places.length === 0) return;
  const codesIn = (keymap: readonly (readonly number[])[]) => places.map((p) => keymap[p.layer]![p.index]!);
  const put = (codes: number[]) => writeKeys(devices, history, places, codes);
  await put(codesIn(after));
  history.getState().record({
    kind: 'step',
    label: `key-${move.kind}`,
    undo: () => put(codesIn(before)),
    redo: () => put(codesIn(after)),
  });
}

/**
 * Writes `codes` to `places`, the rest of the keymap as the keyboard holds it now (so an undo never puts back
 * keys that changed since). Asks for the Vial unlock before a QK_BOOT appears; on a Vial keyboard QK_BOOT never
 * rides in a buffer write, which a locked board would store as 0xFFFF.
 */
async function writeKeys(
  devices: StoreApi<DeviceState>,
  history: StoreApi<CommandState>,
  places: readonly KeyPlace[],
  codes: readonly number[],
): Promise<void> {
  const { keyboard, selectedPath } = devices.getState();
  const commands = devices.getState().commands();
  if (!keyboard || !commands) throw new Error(MSG_MISSING_DEVICE);
  const current = keyboard.keymap;
  const next = current.map((layer) => [...layer]);
  places.forEach((p, i) => (next[p.layer]![p.index] = codes[i]!));
  const { encoders } = keyboard;
  await history.getState().unlockFor({ keymap: current, encoders }, { keymap: next, encoders });
  const boot = keyboard.vial ? bootKeycodeFor(keyboard.protocol) : null;
  const plan = planKeyWrites(current, next, (code) => code === boot);
  const show = (keymap: number[][]) => {
    if (devices.getState().selectedPath === selectedPath) devices.getState().patchKeyboard({ keymap });
  };
  show(next);
  const cols = keyboard.definition.matrix.cols;
  let written = 0;
  try {
    for (const write of plan) {
      if (write.kind === 'key')
        await commands.setKey(write.layer, Math.floor(write.index / cols), write.index % cols, write.code);
      else await commands.writeKeymapBuffer(write.offset, write.bytes);
      written++;
    }
  } catch (error) {
    // The keyboard holds what was written before the failure; a key edited meanwhile keeps its new code.
    const held = applyKeyWrites(current, plan.slice(0, written));
    const shown = devices.getState().keyboard?.keymap;
    if (shown)
      show(shown.map((row, l) => row.map((code, i) => (code === next[l]![i] ? held[l]![i]! : code))));
    throw error;
  }
}
