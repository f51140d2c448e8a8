import { keycodeNamed } from './defaultKeymap.ts';
import type { DemoKeyboard } from './demoKeyboards.ts';

/**
 * QMK flashing demos (issue 29, docs/flashing.md): the Keyloom Split 36, a VIA keyboard whose firmware takes
 * VIA's bootloader jump into a virtual bootloader, one per protocol: `?virtual=qmk-caterina`, `qmk-atmel-dfu`,
 * `qmk-stm32-dfu`, `qmk-halfkay`, `qmk-uf2`. Its Firmware pane offers a test image for its chip, so the whole
 * flow (backup, bootloader, flash, verify, restore) runs with nothing plugged in. Loaded when one is plugged.
 */
export const QMK_DEMO_TARGETS = {
  'qmk-caterina': ['Caterina', 'atmega32u4-caterina'],
  'qmk-atmel-dfu': ['Atmel DFU', 'atmega32u4-atmel-dfu'],
  'qmk-stm32-dfu': ['STM32 DFU', 'stm32f411-dfu'],
  'qmk-halfkay': ['HalfKay', 'atmega32u4-halfkay'],
  'qmk-uf2': ['RP2040', 'rp2040-uf2'],
} as const;

/** The protocol the demo's firmware reports (its keycodes are in that numbering). */
const PROTOCOL = 12;

/*
 * The Split 36's keymap, as a 36-key board is usually set up (matrix 8 × 5: the left half rows 0–3, the right
 * half rows 4–7, each row left to right): QWERTY on three rows, thumbs for Ctrl, the number layer and Space on
 * the left, Enter, Backspace and Shift on the right, the encoders' keys Mute; layer 1 has the numbers and the
 * arrows. Positions not named are KC_NO on layer 0 and transparent above.
 */
const SPLIT36_LAYERS: readonly (readonly string[])[][] = [
  [
    ['KC_Q', 'KC_W', 'KC_E', 'KC_R', 'KC_T'],
    ['KC_A', 'KC_S', 'KC_D', 'KC_F', 'KC_G'],
    ['KC_Z', 'KC_X', 'KC_C', 'KC_V', 'KC_B'],
    ['KC_MUTE', 'KC_NO', 'KC_LCTL', 'MO(1)', 'KC_SPC'],
    ['KC_Y', 'KC_U', 'KC_I', 'KC_O', 'KC_P'],
    ['KC_H', 'KC_J', 'KC_K', 'KC_L', 'KC_SCLN'],
    ['KC_N', 'KC_M', 'KC_COMM', 'KC_DOT', 'KC_SLSH'],
    ['KC_ENT', 'KC_BSPC', 'KC_RSFT', 'KC_NO', 'KC_MUTE'],
  ],
  [
    ['KC_1', 'KC_2', 'KC_3', 'KC_4', 'KC_5'],
    ['KC_TAB', 'KC_GRV', 'KC_MINS', 'KC_EQL', 'KC_ESC'],
    [],
    [],
    ['KC_6', 'KC_7', 'KC_8', 'KC_9', 'KC_0'],
    ['KC_LEFT', 'KC_DOWN', 'KC_UP', 'KC_RGHT', 'KC_QUOT'],
    ['KC_HOME', 'KC_PGDN', 'KC_PGUP', 'KC_END', 'KC_BSLS'],
    [],
  ],
];

/** The Split 36's layers as keycodes (the keycode tables load with the demo, never on the first screen). */
export function split36Keymap(protocol = PROTOCOL): number[][] {
  return SPLIT36_LAYERS.map((rows, layer) =>
    Array.from({ length: 8 * 5 }, (_, i) => {
      const name = rows[Math.floor(i / 5)]?.[i % 5];
      return name ? keycodeNamed(name, protocol) : layer === 0 ? 0x00 : 0x01;
    }),
  );
}

export function findQmkDemo(id: string): DemoKeyboard | undefined {
  const found = QMK_DEMO_TARGETS[id as keyof typeof QMK_DEMO_TARGETS];
  if (!found) return undefined;
  const [bootloader, target] = found;
  return {
    id,
    name: 'Keyloom Split 36',
    vendorProductId: 0x4b4c * 65536 + 4,
    definitionVersion: 'v3',
    protocol: PROTOCOL,
    source: 'split36.json',
    firmware: {
      name: `Keyloom Split 36 (${bootloader})`,
      qmkBootloader: target,
      defaultKeymap: split36Keymap(),
    },
  };
}
