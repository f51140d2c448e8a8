import { VirtualZmkKeyboard, type VirtualZmkKeyboardOptions } from './VirtualZmkKeyboard.ts';
import { ZMK_DEMO_BOARD } from './zmkDemo.ts';

/** The demo split's central half (`?virtual=zmk-demo`): the one that answers ZMK Studio. */
export function zmkDemoKeyboard(options: VirtualZmkKeyboardOptions = {}): VirtualZmkKeyboard {
  return new VirtualZmkKeyboard(ZMK_DEMO_BOARD, options);
}

/** The demo split's peripheral half: on USB with ZMK's ids, but built without Studio, so it never answers. */
export function zmkDemoPeripheral(options: VirtualZmkKeyboardOptions = {}): VirtualZmkKeyboard {
  return new VirtualZmkKeyboard(ZMK_DEMO_BOARD, { ...options, role: 'peripheral' });
}
