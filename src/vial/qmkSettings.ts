/**
 * QMK settings ("qsid"s) as Vial firmware exposes them (docs/vial-protocol.md, QMK settings). The firmware only
 * lists the ids it has and answers their raw bytes; what each id means — its width, whether it is a number or a
 * set of flag bits, its range and the group it is shown in — lives here, on the client. The ids, widths and
 * ranges are Vial's; the labels are ours (i18n keys `setting.<key>` in the `vial` namespace).
 */

/** Groups in the order the pane shows them (Vial's tabs). */
export const SETTING_GROUPS = [
  'magic',
  'graveEscape',
  'tapHold',
  'autoShift',
  'combo',
  'oneShot',
  'mouseKeys',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** Bytes a setting's value takes on the wire (little-endian). */
export type SettingWidth = 1 | 2 | 4;

/** One control on the pane. Several controls may share a qsid (the flag bits of one byte). */
export type SettingField =
  | { kind: 'bit'; key: string; qsid: number; bit: number; group: SettingGroup }
  | {
      kind: 'number';
      key: string;
      qsid: number;
      group: SettingGroup;
      min: number;
      max: number;
      /** Shown after the field; `ms` for times, `count` for taps or steps. */
      unit: 'ms' | 'count' | 'steps';
    };

/** What one qsid holds: its width and whether it is flags (bits, a 0/1 flag is bit 0) or one number. */
export interface SettingSpec {
  qsid: number;
  width: SettingWidth;
  kind: 'flags' | 'number';
}

const bits = (group: SettingGroup, qsid: number, keys: readonly string[]): SettingField[] =>
  keys.map((key, bit) => ({ kind: 'bit', key, qsid, bit, group }));
const flag = (group: SettingGroup, qsid: number, key: string): SettingField => ({
  kind: 'bit',
  key,
  qsid,
  bit: 0,
  group,
});
const autoShiftBit = (bit: number, key: string): SettingField => ({
  kind: 'bit',
  key,
  qsid: 3,
  bit,
  group: 'autoShift',
});
const number = (
  group: SettingGroup,
  qsid: number,
  key: string,
  max: number,
  unit: 'ms' | 'count' | 'steps' = 'ms',
): SettingField => ({ kind: 'number', key, qsid, group, min: 0, max, unit });

/**
 * Every control, in display order within its group. Bits of qsid 21 (magic) are QMK's keymap_config flags; bit 7
 * is N-key rollover. qsid 8's bits and qsids 22–24 describe the same tap-hold options for older and newer
 * firmware: a board reports one or the other, and only reported ids are shown.
 */
export const SETTING_FIELDS: readonly SettingField[] = [
  ...bits('magic', 21, [
    'swapControlCapsLock',
    'capsLockToControl',
    'swapLeftAltGui',
    'swapRightAltGui',
    'noGui',
    'swapGraveEscape',
    'swapBackslashBackspace',
    'nkro',
    'swapLeftControlGui',
    'swapRightControlGui',
  ]),
  ...bits('graveEscape', 1, ['graveEscAlt', 'graveEscControl', 'graveEscGui', 'graveEscShift']),
  number('tapHold', 7, 'tappingTerm', 10000),
  ...bits('tapHold', 8, [
    'permissiveHoldBit',
    'ignoreModTapInterrupt',
    'tappingForceHold',
    'retroTappingBit',
  ]),
  flag('tapHold', 22, 'permissiveHold'),
  flag('tapHold', 23, 'holdOnOtherKeyPress'),
  flag('tapHold', 24, 'retroTapping'),
  number('tapHold', 25, 'quickTapTerm', 10000),
  number('tapHold', 18, 'tapCodeDelay', 1000),
  number('tapHold', 19, 'tapHoldCapsDelay', 1000),
  number('tapHold', 20, 'tappingToggle', 100, 'count'),
  flag('tapHold', 26, 'chordalHold'),
  number('tapHold', 27, 'flowTapTerm', 10000),
  autoShiftBit(0, 'autoShiftEnable'),
  autoShiftBit(1, 'autoShiftModifiers'),
  number('autoShift', 4, 'autoShiftTimeout', 1000),
  autoShiftBit(2, 'autoShiftNoSpecial'),
  autoShiftBit(3, 'autoShiftNoNumeric'),
  autoShiftBit(4, 'autoShiftNoAlpha'),
  autoShiftBit(5, 'autoShiftRepeat'),
  autoShiftBit(6, 'autoShiftNoAutoRepeat'),
  number('combo', 2, 'comboTerm', 10000),
  number('oneShot', 5, 'oneShotTapToggle', 50, 'count'),
  number('oneShot', 6, 'oneShotTimeout', 60000),
  number('mouseKeys', 9, 'mouseDelay', 10000),
  number('mouseKeys', 10, 'mouseInterval', 10000),
  number('mouseKeys', 11, 'mouseMoveDelta', 1000, 'steps'),
  number('mouseKeys', 12, 'mouseMaxSpeed', 1000, 'steps'),
  number('mouseKeys', 13, 'mouseTimeToMax', 1000, 'steps'),
  number('mouseKeys', 14, 'wheelDelay', 10000),
  number('mouseKeys', 15, 'wheelInterval', 10000),
  number('mouseKeys', 16, 'wheelMaxSpeed', 1000, 'steps'),
  number('mouseKeys', 17, 'wheelTimeToMax', 1000, 'steps'),
];

/** Width and kind of every qsid Keyloom knows. */
export const SETTING_SPECS: ReadonlyMap<number, SettingSpec> = new Map(
  (
    [
      [1, 1, 'flags'],
      [2, 2, 'number'],
      [3, 1, 'flags'],
      [4, 2, 'number'],
      [5, 1, 'number'],
      [6, 2, 'number'],
      [7, 2, 'number'],
      [8, 1, 'flags'],
      [9, 2, 'number'],
      [10, 2, 'number'],
      [11, 2, 'number'],
      [12, 2, 'number'],
      [13, 2, 'number'],
      [14, 2, 'number'],
      [15, 2, 'number'],
      [16, 2, 'number'],
      [17, 2, 'number'],
      [18, 2, 'number'],
      [19, 2, 'number'],
      [20, 1, 'number'],
      [21, 4, 'flags'],
      [22, 1, 'flags'],
      [23, 1, 'flags'],
      [24, 1, 'flags'],
      [25, 2, 'number'],
      [26, 1, 'flags'],
      [27, 2, 'number'],
    ] as const
  ).map(([qsid, width, kind]) => [qsid, { qsid, width, kind }]),
);

/** True when Keyloom knows what `qsid` means (unknown ids the firmware lists are neither read nor shown). */
export function isKnownSetting(qsid: number): boolean {
  return SETTING_SPECS.has(qsid);
}

/** The largest value a setting can hold: its number range, or every flag bit the table names. */
export function settingLimit(qsid: number): number {
  const spec = SETTING_SPECS.get(qsid);
  if (!spec) throw new RangeError(`Unknown QMK setting ${qsid}`);
  const fields = SETTING_FIELDS.filter((f) => f.qsid === qsid);
  if (spec.kind === 'number') return Math.max(...fields.map((f) => (f.kind === 'number' ? f.max : 0)));
  return fields.reduce((mask, f) => (f.kind === 'bit' ? mask | (1 << f.bit) : mask), 0) >>> 0;
}

/**
 * A setting's value → its bytes (little-endian, `width` of them). Throws a RangeError for an unknown id or a
 * value that is not a whole number in 0 … 2^(8·width) − 1; the table's narrower ranges are the caller's check
 * (`checkSettingValue`), so a value read from a board always writes back unchanged.
 */
export function encodeSetting(qsid: number, value: number): number[] {
  const spec = SETTING_SPECS.get(qsid);
  if (!spec) throw new RangeError(`Unknown QMK setting ${qsid}`);
  const max = 2 ** (8 * spec.width) - 1;
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new RangeError(`QMK setting ${qsid} takes 0…${max}, not ${value}`);
  return Array.from({ length: spec.width }, (_, i) => Math.floor(value / 2 ** (8 * i)) & 0xff);
}

/** Bytes (after the status byte of a get reply) → the setting's value; missing bytes read as 0. */
export function decodeSetting(qsid: number, bytes: ArrayLike<number>): number {
  const spec = SETTING_SPECS.get(qsid);
  if (!spec) throw new RangeError(`Unknown QMK setting ${qsid}`);
  let value = 0;
  for (let i = spec.width - 1; i >= 0; i--) value = value * 256 + ((bytes[i] ?? 0) & 0xff);
  return value;
}

/** Why a value is refused for a setting, or null when it may be written. */
export function checkSettingValue(qsid: number, value: number): string | null {
  const spec = SETTING_SPECS.get(qsid);
  if (!spec) return `Unknown QMK setting ${qsid}`;
  if (!Number.isInteger(value) || value < 0) return `Setting ${qsid} takes a whole number from 0`;
  const limit = settingLimit(qsid);
  if (spec.kind === 'number' && value > limit) return `Setting ${qsid} takes 0…${limit}`;
  if (spec.kind === 'flags' && value > 2 ** (8 * spec.width) - 1) return `Setting ${qsid} is out of range`;
  return null;
}

/** A bit field's state within its setting's value. */
export function bitOf(value: number, bit: number): boolean {
  return Math.floor(value / 2 ** bit) % 2 === 1;
}

/** The value with one flag bit set or cleared; other bits (even ones the table does not name) are kept. */
export function withBit(value: number, bit: number, on: boolean): number {
  const has = bitOf(value, bit);
  if (has === on) return value;
  return on ? value + 2 ** bit : value - 2 ** bit;
}

/** The pane's groups for a board: only reported, known ids; groups without any are left out. */
export function groupsFor(reported: Iterable<number>): { group: SettingGroup; fields: SettingField[] }[] {
  const ids = new Set(reported);
  return SETTING_GROUPS.map((group) => ({
    group,
    fields: SETTING_FIELDS.filter((f) => f.group === group && ids.has(f.qsid)),
  })).filter((g) => g.fields.length > 0);
}
