import type { ServedDefinition } from '../definitions/compile.ts';
import { definitionName } from '../definitions/definitionName.ts';
import { encoderCount, ledCount } from '../definitions/keys.ts';
import type { CustomValueSpec, VirtualKeyboardConfig } from './config.ts';
import { menuValueSpecs } from '../definitions/menuValues.ts';
import { TIME_SYNC } from '../protocol/vendorValues.ts';
import { DATE_TIME_MENU } from '../definitions/vendorMenus.ts';
import { lightingValueIds, lightingValueLength } from '../definitions/lightingValues.ts';
import { defaultKeymapFor } from './defaultKeymap.ts';
import { rangeControls } from '../definitions/menus.ts';
import { initialLightingValue, initialMenuValue } from './demoValues.ts';
import { defaultBuildOptions } from '../definitions/buildDefaults.ts';
import {
  MAX_ENCODER_INDEX,
  MAX_LED_INDEX,
  MAX_MATRIX_COLS,
  MAX_MATRIX_POSITIONS,
  MAX_MATRIX_ROWS,
} from '../definitions/addressLimits.ts';

/**
 * A virtual keyboard built from a compiled definition: matrix, encoders (from `ei`), per-key RGB (from `li`),
 * custom-menu values (v3) or lighting values (v2), layout-option bytes wide enough for every option, and a
 * typing-order default keymap, and the firmware build choices of `defaultBuildOptions` (protocol 10 for v2, 12 for
 * v3, 4 layers, 16 macros in 1 kB). `overrides` set anything else (protocol, layers, macros …).
 * @throws Error when the matrix, an LED or an encoder index is beyond what VIA addresses (`addressLimits.ts`):
 *   checked before anything is allocated, whoever read the definition.
 */
export function configFromDefinition(
  definition: ServedDefinition,
  overrides: Partial<VirtualKeyboardConfig> = {},
): VirtualKeyboardConfig {
  const isV3 = 'menus' in definition;
  const encoders = encoderCount(definition);
  const leds = ledCount(definition);
  const { rows, cols } = definition.matrix;
  // What VIA addresses (addressLimits.ts), checked before anything is allocated from these counts: one value per
  // LED index, per encoder, per matrix position.
  if (!(
    rows <= MAX_MATRIX_ROWS &&
    cols <= MAX_MATRIX_COLS &&
    rows * cols <= MAX_MATRIX_POSITIONS &&
    leds <= MAX_LED_INDEX + 1 &&
    encoders <= MAX_ENCODER_INDEX + 1
  ))
    throw new Error(
      `This definition is beyond what VIA addresses: a ${rows}×${cols} matrix, ${leds} LEDs, ${encoders} encoders`,
    );
  const labels = definition.layouts.labels ?? [];
  const optionBits = labels.reduce<number>((sum, l) => {
    const choices = typeof l === 'string' ? 2 : Math.max(l.length - 1, 1);
    return sum + Math.max(1, Math.ceil(Math.log2(choices)));
  }, 0);
  const vendorProductId = definition.vendorProductId;
  const menus = isV3 ? menuValueSpecs(definition.menus) : { values: [], channels: [] };
  const ranges = isV3 ? rangeControls(definition.menus) : new Map();
  const menuValues = menus.values.map((v) => ({ ...v, initial: initialMenuValue(v, ranges) }));
  const perKeyRgb: CustomValueSpec[] = Array.from({ length: leds }, (_, led) => ({
    channel: 0,
    valueId: 1,
    args: [led, 1],
    length: 2,
  }));
  const lighting = !isV3 ? lightingValues(definition.lighting) : [];
  // A board with a 'Date Time' menu keeps a clock the app can set (Time Sync).
  const clock: CustomValueSpec[] =
    isV3 && definition.menus.some((m) => typeof m !== 'string' && DATE_TIME_MENU.test(m.label))
      ? [{ channel: TIME_SYNC[0], valueId: TIME_SYNC[1], length: 4 }]
      : [];
  const defaults = defaultBuildOptions(isV3 ? 'v3' : 'v2');
  const base: VirtualKeyboardConfig = {
    name: definitionName(definition),
    vendorId: Math.floor(vendorProductId / 65536),
    productId: vendorProductId % 65536,
    ...defaults,
    rows: definition.matrix.rows,
    cols: definition.matrix.cols,
    encoders,
    layoutOptionBytes: Math.max(1, Math.ceil(optionBits / 8)),
    customChannels: menus.channels,
    customValues: [
      ...menuValues,
      ...(menus.values.some((v) => v.channel === 0 && v.valueId === 1) ? [] : perKeyRgb),
      ...clock,
    ],
    lightingValues: lighting,
    legacyCustomFeatures: !isV3 && (definition.customFeatures ?? []).includes('rotary-encoder' as never),
  };
  const config = { ...base, ...overrides };
  return {
    ...config,
    defaultKeymap:
      config.defaultKeymap ??
      defaultKeymapFor(
        definition.layouts.keys,
        config.rows,
        config.cols,
        config.protocol,
        Object.values(definition.layouts.optionKeys).flatMap((g) => g['0'] ?? []),
      ),
    defaultEncoders: config.defaultEncoders ?? [
      Array.from({ length: encoders }, () => [0x00a9, 0x00aa] as const),
    ],
  };
}

function lightingValues(lighting: unknown): VirtualKeyboardConfig['lightingValues'] {
  const ids = lightingValueIds(lighting);
  const values: NonNullable<VirtualKeyboardConfig['lightingValues']>[number][] = ids
    .filter((id) => id !== 0x17)
    .map((valueId) => ({
      valueId,
      length: lightingValueLength(valueId),
      initial: initialLightingValue(valueId),
    }));
  // Custom colours (0x17) are addressed by index; a board offers a few.
  if (ids.includes(0x17)) for (let i = 0; i < 8; i++) values.push({ valueId: 0x17, args: [i], length: 2 });
  return values;
}
