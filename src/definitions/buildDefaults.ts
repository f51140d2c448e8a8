import type { DefinitionVersion } from './compile.ts';
import { PROTOCOL } from '../qmk/protocolVersions.ts';

/** The firmware build choices a definition does not say (see buildOptions.ts for their limits and checks). */
export interface BuildOptions {
  /** Keymap layers (QMK's DYNAMIC_KEYMAP_LAYER_COUNT, default 4). */
  layers: number;
  /** Macros (DYNAMIC_KEYMAP_MACRO_COUNT, default 16). */
  macroCount: number;
  /** Bytes of the macro buffer, its last byte the write-in-progress flag. */
  macroBufferSize: number;
  /** VIA protocol version the firmware reports. */
  protocol: number;
}

/** What a firmware of that definition version is most likely to be: protocol 10 for v2 (encoders), 12 for v3. */
export function defaultBuildOptions(version: DefinitionVersion): BuildOptions {
  return {
    layers: 4,
    macroCount: 16,
    macroBufferSize: 1024,
    protocol: version === 'v2' ? PROTOCOL.ENCODERS : PROTOCOL.MATRIX_ROW_OFFSET,
  };
}
