import {
  KC_LAYER_COUNT,
  KC_MACRO_COUNT,
  KC_VIA_PROTOCOL_VERSION,
} from '../../protocol/keychron/keychronIds.ts';
import type { VirtualKeyboardConfig } from '../config.ts';
import type { KeychronBoardData } from './boards/keychronBoardData.ts';
import { KeychronModel } from './KeychronModel.ts';
export type { KeychronBuildOptions } from './keychronBuildOptions.ts';

/** The build date both virtual boards report (it stands for the time their firmware was built). */
export const KEYCHRON_BUILD_DATE = '2025-12-01-16:59:02';

/**
 * The virtual-keyboard config of a Keychron board right after flashing its `keychron` keymap: Keychron's via.c
 * (protocol 0x000C, 4 layers, 16 macros, the macro buffer the EEPROM leaves, 1 layout-options byte, VIA firmware
 * version 0, no EEPROM reset, no bootloader jump (its DFU bootloader is reached by hand), only the RGB-matrix channel), the board's keymap and encoder
 * map, and the Keychron layer.
 */
export function keychronConfig(
  board: KeychronBoardData,
  buildDate = KEYCHRON_BUILD_DATE,
): VirtualKeyboardConfig {
  return {
    name: board.name,
    vendorId: board.vendorId,
    productId: board.productId,
    protocol: KC_VIA_PROTOCOL_VERSION,
    rows: board.rows,
    cols: board.cols,
    layers: KC_LAYER_COUNT,
    macroCount: KC_MACRO_COUNT,
    macroBufferSize: board.macroBufferSize,
    encoders: board.encoders[0]?.length ?? 0,
    layoutOptionBytes: 1,
    layoutOptionsDefault: 0,
    firmwareVersion: 0,
    defaultKeymap: board.keymap,
    defaultEncoders: board.encoders.length ? board.encoders : undefined,
    customChannels: [],
    customValues: [],
    lightingValues: [],
    allowEepromReset: false,
    bootloaderJump: false,
    // Reached by hand (VirtualFirmware.resetByHand): Keychron's via.c answers VIA's jump as unhandled.
    qmkBootloader: board.flash.target,
    keychron: {
      board,
      buildDate,
      createModel: (options, host) => new KeychronModel(options.board, options.buildDate, host),
    },
  };
}
