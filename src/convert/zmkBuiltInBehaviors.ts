import type { ZmkParamSet, ZmkParamValue } from '../zmk/behavior.ts';
import { cellNumber } from './zmkKeyText.ts';

/**
 * How a built-in behavior's parameters are written. `usage`, `layer`: one cell each, through the writer's key
 * names and layer indexes; `constants`: one cell named by a dt-bindings header (`OUT_USB`); `commands`: two
 * cells, a command and its argument, named as the header's two-cell macros name them (`BT_SEL 1`, `BT_CLR`).
 */
export type ZmkCells =
  | readonly ('usage' | 'layer')[]
  | { kind: 'constants'; names: Readonly<Record<number, string>> }
  | { kind: 'commands'; commands: Readonly<Record<number, ZmkCommand>> };

/** A command of a two-cell behavior: `name` is its two-cell macro (absent: only `cmd` exists), `cmd` its number. */
export interface ZmkCommand {
  name?: string;
  cmd: string;
  /** The macro takes the second cell after it (`BT_SEL 1`); else the macro already holds a 0 there. */
  takesArgument: boolean;
}

export interface ZmkBuiltInBehavior {
  /** The devicetree label bindings use (`kp` for `&kp`). */
  label: string;
  /** What the firmware reports: the `.dtsi`'s display-name, or its node name when it has none. */
  displayName: string;
  cells: ZmkCells;
  /** The dt-bindings header its parameter names come from (keys.h is always included). */
  header?: string;
  /** Whether the firmware's parameter descriptions are the ones ZMK's driver gives (else the name is not trusted). */
  fits(sets: readonly ZmkParamSet[]): boolean;
  /**
   * Whether the parameter descriptions are ones only this behavior's driver gives (its own command constants):
   * then it is known by them even under another display name. Absent: shared shapes (a key, a layer, none).
   */
  fingerprint?(sets: readonly ZmkParamSet[]): boolean;
}

const has = (values: readonly ZmkParamValue[], kind: ZmkParamValue['kind']) =>
  values.some((v) => v.kind === kind);
const none = (values: readonly ZmkParamValue[]) => values.every((v) => v.kind === 'nil');
const noParams = (sets: readonly ZmkParamSet[]) => sets.every((s) => none(s.param1) && none(s.param2));
const constantsOnly = (sets: readonly ZmkParamSet[]) =>
  sets.length > 0 && sets.every((s) => s.param1.length > 0 && s.param1.every((v) => v.kind === 'constant'));

/** Every constant value the sets describe for param1, sorted. */
const constantValues = (sets: readonly ZmkParamSet[]) =>
  sets
    .flatMap((s) => s.param1)
    .flatMap((v) => (v.kind === 'constant' ? [v.value] : []))
    .sort((a, b) => a - b);
const sameValues = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

const zero = (label: string, displayName: string): ZmkBuiltInBehavior => ({
  label,
  displayName,
  cells: [],
  fits: noParams,
});
const oneCell = (label: string, displayName: string, cell: 'usage' | 'layer'): ZmkBuiltInBehavior => ({
  label,
  displayName,
  cells: [cell],
  fits: (sets) => sets.some((s) => has(s.param1, cell === 'usage' ? 'hidUsage' : 'layerId')),
});
const holdTap = (label: string, displayName: string, hold: 'usage' | 'layer'): ZmkBuiltInBehavior => ({
  label,
  displayName,
  cells: [hold, 'usage'],
  fits: (sets) =>
    sets.some((s) => has(s.param1, hold === 'usage' ? 'hidUsage' : 'layerId') && has(s.param2, 'hidUsage')),
});
/** Behaviors whose driver describes no parameters, though their bindings have one (ext_power, mouse movement). */
const undescribed = (label: string, displayName: string, header: string, names: Record<number, string>) => ({
  label,
  displayName,
  header,
  cells: { kind: 'constants', names } as const,
  fits: (sets: readonly ZmkParamSet[]) => sets.length === 0,
});

/** `macro` false: the header has no two-cell macro for the command, only its number's name. */
const command = (cmd: string, takesArgument = false, macro = true): ZmkCommand => ({
  cmd,
  takesArgument,
  ...(macro ? { name: cmd.replace(/_CMD$/, '') } : {}),
});

/** ZMK's pointing.h: MOVE_Y(v) is v & 0xFFFF, MOVE_X(v) (v & 0xFFFF) << 16, with its default speeds 600 and 10. */
const moveY = (v: number) => v & 0xffff;
const moveX = (v: number) => ((v & 0xffff) << 16) >>> 0;

/**
 * ZMK's own behaviors (app/dts/behaviors/*.dtsi at the revision of docs/zmk-studio-protocol.md): label, display
 * name, and how their parameters are named (app/include/dt-bindings/zmk/*.h). A behavior a keymap defines itself
 * (a hold-tap, a macro, a tap dance) is not here: its label is the user's, and the firmware does not report it.
 */
export const ZMK_BUILT_IN_BEHAVIORS: readonly ZmkBuiltInBehavior[] = [
  oneCell('kp', 'Key Press', 'usage'),
  oneCell('kt', 'Key Toggle', 'usage'),
  zero('trans', 'Transparent'),
  zero('none', 'None'),
  holdTap('mt', 'Mod-Tap', 'usage'),
  holdTap('lt', 'Layer-Tap', 'layer'),
  zero('gresc', 'Grave/Escape'),
  oneCell('sk', 'Sticky Key', 'usage'),
  oneCell('sl', 'Sticky Layer', 'layer'),
  oneCell('mo', 'Momentary Layer', 'layer'),
  oneCell('tog', 'Toggle Layer', 'layer'),
  oneCell('to', 'To Layer', 'layer'),
  zero('sys_reset', 'Reset'),
  zero('bootloader', 'Bootloader'),
  zero('caps_word', 'Caps Word'),
  zero('key_repeat', 'Key Repeat'),
  zero('studio_unlock', 'Studio Unlock'),
  // No display-name in soft_off.dtsi: the firmware reports the node's name.
  zero('soft_off', 'z_so_off'),
  {
    label: 'bt',
    displayName: 'Bluetooth',
    header: 'dt-bindings/zmk/bt.h',
    cells: {
      kind: 'commands',
      commands: {
        0: command('BT_CLR_CMD'),
        1: command('BT_NXT_CMD'),
        2: command('BT_PRV_CMD'),
        3: command('BT_SEL_CMD', true),
        4: command('BT_CLR_ALL_CMD'),
        5: command('BT_DISC_CMD', true),
      },
    },
    fits: constantsOnly,
    // bt.h's six commands, two of them (select, disconnect) with a profile range after them.
    fingerprint: (sets) =>
      constantsOnly(sets) &&
      sameValues(constantValues(sets), [0, 1, 2, 3, 4, 5]) &&
      sets.some((s) => s.param2.some((v) => v.kind === 'range')),
  },
  {
    label: 'out',
    displayName: 'Output Selection',
    header: 'dt-bindings/zmk/outputs.h',
    cells: { kind: 'constants', names: { 0: 'OUT_TOG', 1: 'OUT_USB', 2: 'OUT_BLE', 3: 'OUT_NONE' } },
    fits: constantsOnly,
    // outputs.h: toggle and none always, USB and BLE as the build has them; nothing in param2.
    fingerprint: (sets) => {
      const values = constantValues(sets);
      return (
        constantsOnly(sets) &&
        sets.every((s) => s.param2.length === 0) &&
        values.includes(0) &&
        values.includes(3) &&
        values.every((v) => v <= 3) &&
        new Set(values).size === values.length
      );
    },
  },
  {
    label: 'rgb_ug',
    displayName: 'Underglow',
    header: 'dt-bindings/zmk/rgb.h',
    cells: {
      kind: 'commands',
      commands: Object.fromEntries([
        ...['TOG', 'ON', 'OFF', 'HUI', 'HUD', 'SAI', 'SAD', 'BRI', 'BRD', 'SPI', 'SPD', 'EFF', 'EFR'].map(
          (name, i) => [i, command(`RGB_${name}_CMD`)],
        ),
        // rgb.h has no two-cell macro for these two: the command and its argument are written as they are.
        [13, command('RGB_EFS_CMD', true, false)],
        [14, command('RGB_COLOR_HSB_CMD', true, false)],
      ]),
    },
    fits: constantsOnly,
  },
  {
    label: 'bl',
    displayName: 'Backlight',
    header: 'dt-bindings/zmk/backlight.h',
    cells: {
      kind: 'commands',
      commands: Object.fromEntries([
        ...['ON', 'OFF', 'TOG', 'INC', 'DEC', 'CYCLE'].map((name, i) => [i, command(`BL_${name}_CMD`)]),
        [6, command('BL_SET_CMD', true)],
      ]),
    },
    fits: constantsOnly,
  },
  undescribed('ext_power', 'External Power', 'dt-bindings/zmk/ext_power.h', {
    0: 'EP_OFF',
    1: 'EP_ON',
    2: 'EP_TOG',
  }),
  {
    label: 'mkp',
    displayName: 'Mouse Key Press',
    header: 'dt-bindings/zmk/pointing.h',
    cells: { kind: 'constants', names: { 1: 'MB1', 2: 'MB2', 4: 'MB3', 8: 'MB4', 16: 'MB5' } },
    fits: constantsOnly,
  },
  // No display-name in mouse_move.dtsi / mouse_scroll.dtsi: the firmware reports the nodes' names.
  undescribed('mmv', 'mouse_move', 'dt-bindings/zmk/pointing.h', {
    [moveY(-600)]: 'MOVE_UP',
    [moveY(600)]: 'MOVE_DOWN',
    [moveX(-600)]: 'MOVE_LEFT',
    [moveX(600)]: 'MOVE_RIGHT',
  }),
  undescribed('msc', 'mouse_scroll', 'dt-bindings/zmk/pointing.h', {
    [moveY(10)]: 'SCRL_UP',
    [moveY(-10)]: 'SCRL_DOWN',
    [moveX(-10)]: 'SCRL_LEFT',
    [moveX(10)]: 'SCRL_RIGHT',
  }),
];

/** How many devicetree cells a built-in's bindings have (`#binding-cells`). */
export function builtInCellCount(behavior: ZmkBuiltInBehavior): number {
  const { cells } = behavior;
  if ('kind' in cells) return cells.kind === 'commands' ? 2 : 1;
  return cells.length;
}

/** A one-cell named constant, or the number. */
export function constantText(names: Readonly<Record<number, string>>, value: number): string {
  return names[value] ?? cellNumber(value);
}

/**
 * A two-cell command binding's parameters: `BT_SEL 1`, `BT_CLR` (its macro holds the 0), `BT_CLR_CMD 3` when a
 * no-argument command carries something all the same, `RGB_COLOR_HSB_CMD 0x…`, or the two numbers.
 */
export function commandText(
  commands: Readonly<Record<number, ZmkCommand>>,
  param1: number,
  param2: number,
): string {
  const known = commands[param1];
  if (!known) return `${cellNumber(param1)} ${cellNumber(param2)}`;
  if (known.name && !known.takesArgument && param2 === 0) return known.name;
  return `${known.takesArgument && known.name ? known.name : known.cmd} ${cellNumber(param2)}`;
}
