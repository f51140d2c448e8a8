import type { StoreApi } from 'zustand/vanilla';
import type { FamilySession } from '../families/deviceFamily.ts';
import type { LayerState } from '../formats/layerOps.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import { MSG_MISSING_DEVICE, type DeviceState } from './deviceStore.ts';

/*
 * The device store's writes to the selected keyboard's keys, encoders and layers. No first keymap writes, so they
 * load with the writing commands (`writingCommands.ts`: on the first edit or when the page is idle) instead of
 * with the store (issue 43). Each is synchronous up to the device request: the new code shows at once.
 */

type Devices = StoreApi<DeviceState>;

/**
 * Shows one code at once (`read` finds it, `patch` puts it in the keyboard), then writes it through the
 * selected keyboard's session; a failed write puts the old code back (unless a newer edit replaced it
 * meanwhile) and rejects.
 */
async function writeShown(
  devices: Devices,
  read: (keyboard: KeyboardState) => number | undefined,
  patch: (keyboard: KeyboardState, code: number) => Partial<KeyboardState>,
  code: number,
  write: (session: FamilySession) => Promise<void>,
): Promise<void> {
  const { keyboard, selectedPath } = devices.getState();
  const session = devices.getState().session();
  if (!keyboard || !session) throw new Error(MSG_MISSING_DEVICE);
  const put = (value: number) => {
    const current = devices.getState().keyboard;
    if (current && devices.getState().selectedPath === selectedPath)
      devices.setState({ keyboard: { ...current, ...patch(current, value) } });
  };
  const before = read(keyboard) ?? 0;
  put(code);
  try {
    await write(session);
  } catch (error) {
    const now = devices.getState().keyboard;
    if (now && read(now) === code) put(before);
    throw error;
  }
}

/**
 * Shows the key's new code at once, then writes it to the device; a failed write puts the old code back
 * (unless a newer edit replaced it meanwhile) and rejects.
 */
export function setKey(
  devices: Devices,
  layer: number,
  row: number,
  col: number,
  keycode: number,
): Promise<void> {
  const cols = devices.getState().keyboard?.definition.matrix.cols ?? 0;
  return writeShown(
    devices,
    (keyboard) => keyboard.keymap[layer]?.[row * cols + col],
    (keyboard, code) => ({
      keymap: keyboard.keymap.map((codes, l) =>
        l === layer ? codes.map((c, i) => (i === row * cols + col ? code : c)) : codes,
      ),
    }),
    keycode,
    (session) => session.setKey(layer, row, col, keycode),
  );
}

/** The same for one direction of an encoder (cw: clockwise). */
export function setEncoder(
  devices: Devices,
  layer: number,
  encoder: number,
  cw: boolean,
  keycode: number,
): Promise<void> {
  const slot = cw ? 0 : 1;
  return writeShown(
    devices,
    (keyboard) => keyboard.encoders[layer]?.[encoder]?.[slot],
    (keyboard, code) => ({
      encoders: keyboard.encoders.map((row, l) =>
        l === layer
          ? row.map((pair, e) =>
              e === encoder ? ((cw ? [code, pair[1]] : [pair[0], code]) as [number, number]) : pair,
            )
          : row,
      ),
    }),
    keycode,
    (session) => session.setEncoder(layer, encoder, cw, keycode),
  );
}

/**
 * Writes whole layers (keymap and encoders) as the fewest chunk writes (`planLayerWrites`), then updates local
 * state. Layer tools and their undo use it.
 */
export async function writeLayers(devices: Devices, next: LayerState): Promise<void> {
  const { keyboard } = devices.getState();
  const session = devices.getState().session();
  if (!keyboard || !session) throw new Error(MSG_MISSING_DEVICE);
  await session.writeLayers(keyboard, next);
  const keymap = next.keymap.map((layer) => [...layer]);
  const encoders = next.encoders.map((row) => row.map(([cw, ccw]) => [cw, ccw] as [number, number]));
  devices.setState({ keyboard: { ...devices.getState().keyboard!, keymap, encoders } });
}
