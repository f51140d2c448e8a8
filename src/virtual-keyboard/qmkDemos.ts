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

export function findQmkDemo(id: string): DemoKeyboard | undefined {
  const found = QMK_DEMO_TARGETS[id as keyof typeof QMK_DEMO_TARGETS];
  if (!found) return undefined;
  const [bootloader, target] = found;
  return {
    id,
    name: 'Keyloom Split 36',
    vendorProductId: 0x4b4c * 65536 + 4,
    definitionVersion: 'v3',
    protocol: 12,
    source: 'split36.json',
    firmware: { name: `Keyloom Split 36 (${bootloader})`, qmkBootloader: target },
  };
}
