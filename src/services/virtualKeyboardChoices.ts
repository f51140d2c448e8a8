import { DEMO_KEYBOARDS, findVialDemo, UNKNOWN_DEMO } from '../virtual-keyboard/demoKeyboards.ts';
import { KEYCHRON_DEMO_LIST } from '../virtual-keyboard/keychron/keychronDemoList.ts';
import { ZMK_DEMO_BOARD } from '../virtual-keyboard/zmk/zmkDemo.ts';

/** One virtual keyboard the user can plug in: its id (the runtime's `plugDemo`, `?virtual=<id>`) and name. */
export interface VirtualKeyboardChoice {
  id: string;
  name: string;
}

/**
 * The virtual keyboards 'Try a virtual keyboard' offers, by kind, in the dialog's order: the UI lists them from
 * here and plugs them in through the runtime, never importing the firmware models (eslint's UI wire rule). `qmk`
 * are the VIA demos and the Keychron boards, `vial` the Vial board (its protocol 5 twin is reached by
 * `?virtual=vial-demo-v5` only), `zmk` the ZMK split (connected through the ZMK store), `unknown` the board with no
 * definition (FEED:0001).
 */
export const VIRTUAL_KEYBOARD_CHOICES: {
  readonly qmk: readonly VirtualKeyboardChoice[];
  readonly vial: VirtualKeyboardChoice;
  readonly zmk: VirtualKeyboardChoice;
  readonly unknown: VirtualKeyboardChoice;
} = {
  qmk: [...DEMO_KEYBOARDS, ...KEYCHRON_DEMO_LIST].map(({ id, name }) => ({ id, name })),
  vial: pick(findVialDemo('vial-demo')!),
  zmk: { id: 'zmk-demo', name: ZMK_DEMO_BOARD.name },
  unknown: pick(UNKNOWN_DEMO),
};

function pick({ id, name }: VirtualKeyboardChoice): VirtualKeyboardChoice {
  return { id, name };
}
