/**
 * The choices a real firmware build fixes and a definition does not say: layer count, macro count and buffer,
 * and the VIA protocol. The 'Try a virtual keyboard' dialog, `keyloom virtual-keyboard --definition` and
 * `keyloom layout check` build boards through these, so a board built here matches the owner's real one.
 */
import type { DefinitionVersion } from './compile.ts';
import { PROTOCOL } from '../qmk/protocolVersions.ts';
import type { BuildOptions } from './buildDefaults.ts';

// The defaults live apart: every virtual keyboard is built with them, the checks load only with the dialog.
export { defaultBuildOptions, type BuildOptions } from './buildDefaults.ts';

/** Layer keycodes carry five bits of layer, so 32 layers is the most a keymap can address. */
export const LAYER_LIMITS = [1, 32] as const;

/**
 * Bytes the VIA keymap buffer addresses: its offsets are 16 bits (0x12/0x13), so every layer of the matrix, two
 * bytes a key, must fit in 64 KiB (QMK caps its EEPROM address space there too).
 */
export const KEYMAP_ADDRESS_BYTES = 0x10000;

/**
 * The most layers a board of this matrix can have: 32, or fewer when that many layers of a large matrix would
 * not fit the keymap buffer's 16-bit addresses (a 128×128 matrix has room for 2).
 */
export function layerLimit(matrix?: { rows: number; cols: number }): number {
  return matrix
    ? Math.min(LAYER_LIMITS[1], Math.floor(KEYMAP_ADDRESS_BYTES / (matrix.rows * matrix.cols * 2)))
    : LAYER_LIMITS[1];
}
/** One terminator per macro and the flag byte must fit; QMK keeps the buffer in EEPROM (u16 size). */
export const MACRO_BUFFER_LIMITS = [1, 0xffff] as const;

/** VIA protocols a firmware of this definition version speaks: v2 boards 9 or 10, v3 boards 11, 12 or 13+. */
export function protocolChoices(version: DefinitionVersion): readonly number[] {
  return version === 'v2' ? [PROTOCOL.MATRIX_TESTER, PROTOCOL.ENCODERS] : [11, 12, 13];
}

/** Macro keycodes name 16 macros before protocol 12 (MACRO(0)…MACRO(15)) and 128 from it. */
export function macroCountLimit(protocol: number): number {
  return protocol >= PROTOCOL.MATRIX_ROW_OFFSET ? 128 : 16;
}

/** An option out of range: its name and the range it must be in (the UI translates from these, the CLI prints `message`). */
export interface BuildOptionProblem {
  message: string;
  field: keyof BuildOptions;
  min: number;
  max: number;
}

/** A refusal names the first option out of range. */
export type BuildOptionsCheck = { ok: true; value: BuildOptions } | ({ ok: false } & BuildOptionProblem);

/**
 * Every option out of range, in the form's order (the layers also against what the keymap buffer addresses for
 * `matrix`, when given), so a form can mark each bad field at once; empty when the options can be built.
 */
export function buildOptionProblems(
  options: BuildOptions,
  version: DefinitionVersion,
  matrix?: { rows: number; cols: number },
): BuildOptionProblem[] {
  const { layers, macroCount, macroBufferSize, protocol } = options;
  const whole = (n: number) => Number.isInteger(n);
  const problems: BuildOptionProblem[] = [];
  const maxLayers = layerLimit(matrix);
  if (!whole(layers) || layers < LAYER_LIMITS[0] || layers > maxLayers)
    problems.push({
      message: `Layers must be between ${LAYER_LIMITS[0]} and ${maxLayers}, got ${layers}`,
      field: 'layers',
      min: LAYER_LIMITS[0],
      max: maxLayers,
    });
  const choices = protocolChoices(version);
  if (!whole(protocol) || protocol < choices[0]! || (version === 'v2' && protocol > choices.at(-1)!))
    problems.push({
      message: `A ${version} definition runs on VIA protocol ${choices.join(', ')}${version === 'v3' ? ' or later' : ''}, got ${protocol}`,
      field: 'protocol',
      min: choices[0]!,
      max: version === 'v2' ? choices.at(-1)! : 0xff,
    });
  const maxMacros = macroCountLimit(protocol);
  const macrosOk = whole(macroCount) && macroCount >= 0 && macroCount <= maxMacros;
  if (!macrosOk)
    problems.push({
      message: `Macros must be between 0 and ${maxMacros} on protocol ${protocol}, got ${macroCount}`,
      field: 'macroCount',
      min: 0,
      max: maxMacros,
    });
  // Each macro's terminator must fit; a macro count that is itself bad does not raise the buffer's minimum.
  const minBuffer = Math.max(MACRO_BUFFER_LIMITS[0], macrosOk ? macroCount + 1 : 0);
  if (!whole(macroBufferSize) || macroBufferSize < minBuffer || macroBufferSize > MACRO_BUFFER_LIMITS[1])
    problems.push({
      message: `The macro buffer must be between ${minBuffer} and ${MACRO_BUFFER_LIMITS[1]} bytes, got ${macroBufferSize}`,
      field: 'macroBufferSize',
      min: minBuffer,
      max: MACRO_BUFFER_LIMITS[1],
    });
  return problems;
}

/** Checks options against the firmware's limits; the refusal names the first option out of range. */
export function checkBuildOptions(
  options: BuildOptions,
  version: DefinitionVersion,
  matrix?: { rows: number; cols: number },
): BuildOptionsCheck {
  const [first] = buildOptionProblems(options, version, matrix);
  return first ? { ok: false, ...first } : { ok: true, value: options };
}

/** Command-line flags shared by `keyloom virtual-keyboard --definition` and `keyloom layout check`. */
export const BUILD_FLAGS = {
  '--layers': 'layers',
  '--macros': 'macroCount',
  '--macro-buffer': 'macroBufferSize',
  '--protocol': 'protocol',
} as const satisfies Record<string, keyof BuildOptions>;

/**
 * Reads build flags from `args` (`--layers 5` or `--layers=5`) over `defaults`; the other arguments are
 * returned untouched in `rest`. A message string on a malformed value.
 */
export function parseBuildFlags(
  args: readonly string[],
  defaults: Partial<BuildOptions> = {},
): { options: Partial<BuildOptions>; rest: string[] } | string {
  const options: Partial<BuildOptions> = { ...defaults };
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split('=') as [string, string | undefined];
    const key = BUILD_FLAGS[flag as keyof typeof BUILD_FLAGS];
    if (!key) {
      rest.push(args[i]!);
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined || !/^\d+$/.test(value)) return `${flag} needs a whole number`;
    options[key] = Number(value);
  }
  return { options, rest };
}
