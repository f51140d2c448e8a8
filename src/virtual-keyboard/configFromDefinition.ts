import type { ServedDefinition } from '../definitions/compile.ts';
import { definitionName } from '../definitions/definitionName.ts';
import type { CustomValueSpec, VirtualKeyboardConfig } from './config.ts';
import { menuValueSpecs } from '../definitions/menuValues.ts';
import { defaultKeymapFor } from './defaultKeymap.ts';

/** Legacy lighting value ids per v2 preset (§6.1) and their byte lengths. */
const LIGHTING_PRESETS: Readonly<Record<string, readonly number[]>> = {
  none: [],
  qmk_backlight: [0x09, 0x0a],
  qmk_rgblight: [0x80, 0x81, 0x82, 0x83],
  qmk_backlight_rgblight: [0x09, 0x0a, 0x80, 0x81, 0x82, 0x83],
  wt_mono_backlight: [0x07, 0x08, 0x09, 0x0a, 0x0b],
  wt_rgb_backlight: [
    0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
  ],
};
const TWO_BYTE_LIGHTING = new Set([0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x83]);

/**
 * A virtual keyboard built from a compiled definition: matrix, encoders (from `ei`), per-key RGB (from `li`),
 * custom-menu values (v3) or lighting values (v2), layout-option bytes wide enough for every option, and a
 * typing-order default keymap. `overrides` set anything else (protocol, layers, macros …).
 */
export function configFromDefinition(
  definition: ServedDefinition,
  overrides: Partial<VirtualKeyboardConfig> = {},
): VirtualKeyboardConfig {
  const isV3 = 'menus' in definition;
  const keys = [
    ...definition.layouts.keys,
    ...Object.values(definition.layouts.optionKeys).flatMap((g) => Object.values(g).flat()),
  ];
  const encoders = keys.reduce((max, k) => (k.ei !== undefined ? Math.max(max, k.ei + 1) : max), 0);
  const leds = keys.reduce((max, k) => (k.li !== undefined ? Math.max(max, k.li + 1) : max), 0);
  const labels = definition.layouts.labels ?? [];
  const optionBits = labels.reduce<number>((sum, l) => {
    const choices = typeof l === 'string' ? 2 : Math.max(l.length - 1, 1);
    return sum + Math.max(1, Math.ceil(Math.log2(choices)));
  }, 0);
  const vendorProductId = definition.vendorProductId;
  const menus = isV3 ? menuValueSpecs(definition.menus) : { values: [], channels: [] };
  const perKeyRgb: CustomValueSpec[] = Array.from({ length: leds }, (_, led) => ({
    channel: 0,
    valueId: 1,
    args: [led, 1],
    length: 2,
  }));
  const lighting = !isV3 ? lightingValues(definition.lighting) : [];
  const protocol = overrides.protocol ?? (isV3 ? 12 : encoders > 0 ? 10 : 9);
  const base: VirtualKeyboardConfig = {
    name: definitionName(definition),
    vendorId: Math.floor(vendorProductId / 65536),
    productId: vendorProductId % 65536,
    protocol,
    rows: definition.matrix.rows,
    cols: definition.matrix.cols,
    layers: 4,
    macroCount: 16,
    macroBufferSize: 1024,
    encoders,
    layoutOptionBytes: Math.max(1, Math.ceil(optionBits / 8)),
    customChannels: menus.channels,
    customValues: [
      ...menus.values,
      ...(menus.values.some((v) => v.channel === 0 && v.valueId === 1) ? [] : perKeyRgb),
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
        [
          ...definition.layouts.keys,
          ...Object.values(definition.layouts.optionKeys).flatMap((g) => g['0'] ?? []),
        ],
        config.rows,
        config.cols,
        config.protocol,
      ),
    defaultEncoders: config.defaultEncoders ?? [
      Array.from({ length: encoders }, () => [0x00a9, 0x00aa] as const),
    ],
  };
}

function lightingValues(lighting: unknown): VirtualKeyboardConfig['lightingValues'] {
  const preset =
    typeof lighting === 'string' ? lighting : ((lighting as { extends?: string } | null)?.extends ?? 'none');
  const supported = (lighting as { supportedLightingValues?: number[] } | null)?.supportedLightingValues;
  const ids = supported ?? LIGHTING_PRESETS[preset] ?? [];
  const values = ids.map((valueId) => ({ valueId, length: TWO_BYTE_LIGHTING.has(valueId) ? 2 : 1 }));
  // Custom colours (0x17) are addressed by index; a board offers a few.
  if (ids.includes(0x17))
    for (let i = 0; i < 8; i++) values.push({ valueId: 0x17, args: [i], length: 2 } as never);
  return values;
}
