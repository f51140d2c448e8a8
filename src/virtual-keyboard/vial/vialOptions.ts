import type { VialHost, VialModel } from './VialModel.ts';
import type { VialRgbBuild } from './vialRgbModel.ts';

/** How a Vial firmware was built: what the model answers to Vial's commands (docs/vial-protocol.md). */
export interface VialBuildOptions {
  /**
   * Builds the Vial layer on the VIA firmware (`createVialModel`): passed in, so the model's code loads only with
   * a Vial board, not with every virtual keyboard.
   */
  createModel(options: VialBuildOptions, host: VialHost): VialModel;
  /** Vial protocol version the board reports (0–6 are modelled). */
  protocol: number;
  /** The keyboard UID, 8 bytes as the firmware sends them (VIAL_KEYBOARD_UID). */
  uid: readonly number[];
  /** The compiled-in definition as the firmware stores it: vial.json in the xz container. */
  definition: Uint8Array;
  /** Matrix positions to hold for the unlock, [row, col] (at most 14, VIAL_UNLOCK_COMBO_ROWS/COLS). */
  unlockKeys: readonly (readonly [number, number])[];
  /** Built with VIAL_INSECURE: always unlocked, no unlock keys, lock does nothing. */
  insecure?: boolean;
  /**
   * VIALRGB_ENABLE: the flag bit in the keyboard id reply, and VIA's lighting commands answered by VialRGB
   * (`vialRgbModel.ts`) over an RGB Matrix with these effects (VialRGB ids) and brightness ceiling.
   */
  vialRgb?: boolean | VialRgbBuild;
  /** Dynamic entries compiled in (0 = feature off). */
  tapDance?: number;
  combos?: number;
  keyOverrides?: number;
  /** QMK_SETTINGS: the QMK settings commands and their EEPROM area. */
  qmkSettings?: boolean;
}

/** QK_BOOT as the firmware numbers it: QMK's renumbering came with Vial protocol 6. */
export function bootKeycode(vialProtocol: number): number {
  return vialProtocol >= 6 ? 0x7c00 : 0x5c00;
}
