import { parseKeycode } from '../keycodes/parse.ts';
import type { FlashKeyboard, QmkFlashDeps } from './qmkFlashState.ts';

/** The selected keyboard, as a flash will remember it (it leaves the bus while the flash runs); null if none. */
export function selectedFlashKeyboard(deps: QmkFlashDeps): FlashKeyboard | null {
  const { devices, selectedPath, keyboard, capabilities } = deps.devices.getState();
  const device = devices.find((d) => d.path === selectedPath);
  if (!device || !keyboard) return null;
  return {
    path: device.path,
    name: device.productName,
    vendorId: device.vendorId,
    productId: device.productId,
    vendorProductId: device.vendorProductId,
    bootKey: bootKeyOf(keyboard.keymap, keyboard.definition.matrix.cols, keyboard.protocol),
    keychron: !!capabilities?.keychron,
    virtualReset: deps.virtualReset(device.path),
  };
}

/** Where QK_BOOT sits on the keymap (first layer first), in the keyboard's keycode numbering. */
function bootKeyOf(keymap: readonly (readonly number[])[], cols: number, protocol: number) {
  const boot = parseKeycode('QK_BOOT', protocol);
  if (boot === null) return null;
  for (const [layer, codes] of keymap.entries()) {
    const index = codes.indexOf(boot);
    if (index >= 0) return { layer, row: Math.floor(index / cols), col: index % cols };
  }
  return null;
}
