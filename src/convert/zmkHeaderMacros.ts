import { ZMK_KEYS } from './generated/zmkKeys.ts';
import { ZMK_BUILT_IN_BEHAVIORS } from './zmkBuiltInBehaviors.ts';
import type { MacroTable } from './zmkPreprocessor.ts';

/**
 * The macros of ZMK's standard headers a keymap includes (`behaviors.dtsi`, `dt-bindings/zmk/*.h`), as facts
 * (docs/keymap-formats.md "Reading a ZMK .keymap"): keys.h's names (generated/zmkKeys.ts), modifiers.h's
 * `LC() LS() LA() LG() RC() RS() RA() RG()` (`mods << 24 | keycode`, MOD_LCTL 0x01 … MOD_RGUI 0x80), the
 * command names of bt.h, rgb.h and backlight.h (a command without an argument is the command and a 0, one with
 * an argument the command alone: `BT_SEL 1`), outputs.h, ext_power.h and pointing.h.
 */

/** The headers a ZMK keymap may include whose names Keyloom knows (others are listed as not read). */
export const ZMK_STANDARD_INCLUDES: ReadonlySet<string> = new Set([
  'behaviors.dtsi',
  'dt-bindings/zmk/keys.h',
  'dt-bindings/zmk/modifiers.h',
  'dt-bindings/zmk/hid_usage.h',
  'dt-bindings/zmk/hid_usage_pages.h',
  'dt-bindings/zmk/bt.h',
  'dt-bindings/zmk/outputs.h',
  'dt-bindings/zmk/rgb.h',
  'dt-bindings/zmk/backlight.h',
  'dt-bindings/zmk/ext_power.h',
  'dt-bindings/zmk/pointing.h',
  'dt-bindings/zmk/reset.h',
  'dt-bindings/zmk/behaviors.h',
  'dt-bindings/zmk/matrix_transform.h',
  'dt-bindings/zmk/input_transform.h',
  'input/processors.dtsi',
]);

const MODS: readonly [string, string, number][] = [
  ['LC', 'MOD_LCTL', 0x01],
  ['LS', 'MOD_LSFT', 0x02],
  ['LA', 'MOD_LALT', 0x04],
  ['LG', 'MOD_LGUI', 0x08],
  ['RC', 'MOD_RCTL', 0x10],
  ['RS', 'MOD_RSFT', 0x20],
  ['RA', 'MOD_RALT', 0x40],
  ['RG', 'MOD_RGUI', 0x80],
];

/** pointing.h and the headers whose names are plain numbers. */
const OTHERS: Record<string, string> = {
  BIT: '(n)=(1 << (n))',
  MB1: 'BIT(0)',
  MB2: 'BIT(1)',
  MB3: 'BIT(2)',
  MB4: 'BIT(3)',
  MB5: 'BIT(4)',
  LCLK: '(MB1)',
  RCLK: '(MB2)',
  MCLK: '(MB3)',
  ZMK_POINTING_DEFAULT_MOVE_VAL: '600',
  ZMK_POINTING_DEFAULT_SCRL_VAL: '10',
  MOVE_Y: '(vert)=((vert) & 0xFFFF)',
  MOVE_X: '(hor)=(((hor) & 0xFFFF) << 16)',
  MOVE: '(hor, vert)=(MOVE_X(hor) + MOVE_Y(vert))',
  MOVE_UP: 'MOVE_Y(-ZMK_POINTING_DEFAULT_MOVE_VAL)',
  MOVE_DOWN: 'MOVE_Y(ZMK_POINTING_DEFAULT_MOVE_VAL)',
  MOVE_LEFT: 'MOVE_X(-ZMK_POINTING_DEFAULT_MOVE_VAL)',
  MOVE_RIGHT: 'MOVE_X(ZMK_POINTING_DEFAULT_MOVE_VAL)',
  SCRL_UP: 'MOVE_Y(ZMK_POINTING_DEFAULT_SCRL_VAL)',
  SCRL_DOWN: 'MOVE_Y(-ZMK_POINTING_DEFAULT_SCRL_VAL)',
  SCRL_LEFT: 'MOVE_X(-ZMK_POINTING_DEFAULT_SCRL_VAL)',
  SCRL_RIGHT: 'MOVE_X(ZMK_POINTING_DEFAULT_SCRL_VAL)',
  EXT_POWER_OFF_CMD: '0',
  EXT_POWER_ON_CMD: '1',
  EXT_POWER_TOGGLE_CMD: '2',
  RGB_COLOR_HSB_VAL: '(h, s, v)=(((h) << 16) + ((s) << 8) + (v))',
  RGB_COLOR_HSB: '(h, s, v)=RGB_COLOR_HSB_CMD RGB_COLOR_HSB_VAL(h, s, v)',
};

let table: MacroTable | null = null;

/** Every macro of ZMK's standard headers (made once). */
export function zmkHeaderMacros(): MacroTable {
  if (table) return table;
  const macros: MacroTable = new Map();
  const define = (name: string, body: string, params: string[] | null = null) =>
    macros.set(name, { params, body, user: false });
  for (const [value, ...names] of ZMK_KEYS) for (const name of names) define(name, '0x' + value.toString(16));
  for (const [fn, mod, bit] of MODS) {
    define(mod, '0x' + bit.toString(16).padStart(2, '0'));
    define(fn, `((${mod} << 24) | (keycode))`, ['keycode']);
  }
  define('APPLY_MODS', '((mods) << 24 | (keycode))', ['mods', 'keycode']);
  for (const [name, text] of Object.entries(OTHERS)) {
    const fn = /^\(([^)]*)\)=(.*)$/.exec(text);
    if (fn)
      define(
        name,
        fn[2]!,
        fn[1]!.split(',').map((p) => p.trim()),
      );
    else define(name, text);
  }
  for (const behavior of ZMK_BUILT_IN_BEHAVIORS) {
    const { cells } = behavior;
    if (!('kind' in cells)) continue;
    if (cells.kind === 'constants') {
      for (const [value, name] of Object.entries(cells.names)) if (!macros.has(name)) define(name, value);
      continue;
    }
    for (const [value, command] of Object.entries(cells.commands)) {
      define(command.cmd, value);
      if (command.name) define(command.name, command.takesArgument ? command.cmd : `${command.cmd} 0`);
    }
  }
  table = macros;
  return macros;
}
