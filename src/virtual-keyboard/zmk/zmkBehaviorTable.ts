import type { ZmkParamSet, ZmkParamValue } from '../../zmk/behavior.ts';

/**
 * The behaviors of the virtual ZMK firmware, as ZMK defines them (app/dts/behaviors/*.dtsi for the display
 * names, each driver's metadata for the parameters; docs/zmk-studio-protocol.md "The behaviors Keyloom
 * models"). Local ids are the settings-table kind: 1, 2, … in the firmware's order.
 */
export interface ZmkFirmwareBehavior {
  /** The devicetree label used in keymaps ('kp' for &kp). */
  label: string;
  localId: number;
  displayName: string;
  sets: ZmkParamSet[];
}

/** HKRO keyboard report and basic consumer usages: ZMK's default build. */
export const ZMK_KEYBOARD_MAX_USAGE = 0xff;
export const ZMK_CONSUMER_MAX_USAGE = 0xff;
/** CONFIG_BT_MAX_CONN-derived profile count of a default nRF52 build. */
export const ZMK_BLE_PROFILE_COUNT = 5;

const key: ZmkParamValue = {
  name: 'Key',
  kind: 'hidUsage',
  keyboardMax: ZMK_KEYBOARD_MAX_USAGE,
  consumerMax: ZMK_CONSUMER_MAX_USAGE,
};
const layer: ZmkParamValue = { name: 'Layer', kind: 'layerId' };
const constant = (name: string, value: number): ZmkParamValue => ({ name, kind: 'constant', value });

const BT_CLR = 0;
const BT_NXT = 1;
const BT_PRV = 2;
const BT_SEL = 3;
const BT_CLR_ALL = 4;
const BT_DISC = 5;

export const OUT_TOG = 0;
export const OUT_USB = 1;
export const OUT_BLE = 2;
export const OUT_NONE = 3;

const TABLE: Omit<ZmkFirmwareBehavior, 'localId'>[] = [
  { label: 'kp', displayName: 'Key Press', sets: [{ param1: [key], param2: [] }] },
  { label: 'mt', displayName: 'Mod-Tap', sets: [{ param1: [key], param2: [key] }] },
  { label: 'lt', displayName: 'Layer-Tap', sets: [{ param1: [layer], param2: [key] }] },
  { label: 'mo', displayName: 'Momentary Layer', sets: [{ param1: [layer], param2: [] }] },
  { label: 'tog', displayName: 'Toggle Layer', sets: [{ param1: [layer], param2: [] }] },
  { label: 'to', displayName: 'To Layer', sets: [{ param1: [layer], param2: [] }] },
  { label: 'sl', displayName: 'Sticky Layer', sets: [{ param1: [layer], param2: [] }] },
  { label: 'sk', displayName: 'Sticky Key', sets: [{ param1: [key], param2: [] }] },
  { label: 'trans', displayName: 'Transparent', sets: [] },
  { label: 'none', displayName: 'None', sets: [] },
  { label: 'caps_word', displayName: 'Caps Word', sets: [] },
  { label: 'key_repeat', displayName: 'Key Repeat', sets: [] },
  {
    label: 'bt',
    displayName: 'Bluetooth',
    sets: [
      {
        param1: [
          constant('Next Profile', BT_NXT),
          constant('Previous Profile', BT_PRV),
          constant('Clear All Profiles', BT_CLR_ALL),
          constant('Clear Selected Profile', BT_CLR),
        ],
        param2: [],
      },
      {
        param1: [constant('Select Profile', BT_SEL), constant('Disconnect Profile', BT_DISC)],
        // ZMK's range is 0…PROFILE_COUNT inclusive (one past the last profile), kept as the firmware has it.
        param2: [{ name: 'Profile', kind: 'range', min: 0, max: ZMK_BLE_PROFILE_COUNT }],
      },
    ],
  },
  {
    label: 'out',
    displayName: 'Output Selection',
    sets: [
      {
        param1: [
          constant('Toggle Outputs', OUT_TOG),
          constant('USB Output', OUT_USB),
          constant('BLE Output', OUT_BLE),
          constant('No Output', OUT_NONE),
        ],
        param2: [],
      },
    ],
  },
  { label: 'sys_reset', displayName: 'Reset', sets: [] },
  { label: 'bootloader', displayName: 'Bootloader', sets: [] },
  { label: 'studio_unlock', displayName: 'Studio Unlock', sets: [] },
];

export const ZMK_BEHAVIORS: readonly ZmkFirmwareBehavior[] = TABLE.map((b, i) => ({ ...b, localId: i + 1 }));

/** The behavior with devicetree label `label` ('kp'); throws for a label the table lacks (a demo typo). */
export function behaviorByLabel(label: string): ZmkFirmwareBehavior {
  const behavior = ZMK_BEHAVIORS.find((b) => b.label === label);
  if (!behavior) throw new Error(`No ZMK behavior &${label} in the virtual firmware`);
  return behavior;
}

export function behaviorById(localId: number): ZmkFirmwareBehavior | undefined {
  return ZMK_BEHAVIORS.find((b) => b.localId === localId);
}

/**
 * The firmware's own parameter check (zmk_behavior_check_params_match_metadata and check_param_matches_value in
 * app/src/behavior.c), slips included: a layer id passes when it is below the keymap length, a keyboard usage
 * when its id is not 0, a consumer usage up to the consumer maximum.
 */
export function firmwareAcceptsParams(
  behavior: ZmkFirmwareBehavior,
  param1: number,
  param2: number,
  keymapLength: number,
): boolean {
  const matches = (value: ZmkParamValue, param: number): boolean => {
    switch (value.kind) {
      case 'nil':
        return param === 0;
      case 'constant':
        return param === value.value;
      case 'range':
        return param >= value.min && param <= value.max;
      case 'layerId':
        return param < keymapLength;
      case 'hidUsage': {
        const page = (param >>> 16) & 0xff;
        const id = param & 0xffff;
        if (page === 0x07) return id !== 0;
        if (page === 0x0c) return id <= ZMK_CONSUMER_MAX_USAGE;
        return false;
      }
      default:
        return false;
    }
  };
  const slot = (values: ZmkParamValue[], param: number) =>
    values.length === 0 ? param === 0 : values.some((v) => matches(v, param));
  if (behavior.sets.length === 0) return param1 === 0 && param2 === 0;
  return behavior.sets.some((set) => slot(set.param1, param1) && slot(set.param2, param2));
}
