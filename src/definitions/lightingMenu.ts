import { LightingPreset } from '@the-via/reader/dist/lighting-presets.js';
import type { ServedDefinition } from './compile.ts';
import type { MenuControl, MenuPane } from './menus.ts';
import { LEGACY_LIGHTING_CHANNEL } from '../qmk/protocolVersions.ts';

/** Thrown when the v2 Lighting pane is asked to show a definition without v2 `lighting` (core.md §8). */
export const V2_LIGHTING_ONLY = 'This lighting component is only compatible with v2 definitions';

export { LEGACY_LIGHTING_CHANNEL };

interface LightingDefinition {
  effects: [string, number][];
  underglowEffects: [string, number][];
  supportedLightingValues: number[];
}

/** A v2 `lighting` (preset name or `{extends, …}` overrides) resolved to its effects and supported values. */
export function resolveLighting(lighting: unknown): LightingDefinition {
  const presets = LightingPreset as unknown as Record<string, LightingDefinition>;
  if (typeof lighting === 'string') return presets[lighting] ?? presets.none!;
  const custom = (lighting ?? {}) as Partial<LightingDefinition> & { extends?: string };
  return { ...(presets[custom.extends ?? 'none'] ?? presets.none!), ...custom } as LightingDefinition;
}

const control = (
  valueId: number,
  label: string,
  type: MenuControl['type'],
  options?: unknown,
): MenuControl => ({
  label,
  type,
  key: `lighting_${valueId}`,
  channel: LEGACY_LIGHTING_CHANNEL,
  valueId,
  args: [],
  ...(options !== undefined ? { options } : {}),
});

/**
 * The v2 Lighting pane as menu controls (core.md §2): General always; Layout and Advanced only when the
 * lighting supports one of their values. Labels are translation keys under `panes:lighting.*`.
 */
export function lightingPane(lighting: unknown, values: Readonly<Record<string, number[]>>): MenuPane {
  const def = resolveLighting(lighting);
  const has = (id: number) => def.supportedLightingValues.includes(id);
  const general: MenuControl[] = [];
  if (has(0x09)) general.push(control(0x09, 'lighting.brightness', 'range', [0, 255]));
  if (has(0x0a) && def.effects.length)
    general.push(
      control(
        0x0a,
        'lighting.effect',
        'dropdown',
        def.effects.map(([name], i) => [name, i]),
      ),
    );
  if (has(0x0b)) general.push(control(0x0b, 'lighting.effectSpeed', 'range', [0, 3]));
  const colours = def.effects[values['10']?.[0] ?? 0]?.[1] ?? 0;
  if (has(0x0c) && colours >= 1) general.push(control(0x0c, 'lighting.color1', 'color'));
  if (has(0x0d) && colours >= 2) general.push(control(0x0d, 'lighting.color2', 'color'));
  if (has(0x80)) general.push(control(0x80, 'lighting.underglowBrightness', 'range', [0, 255]));
  if (has(0x81) && def.underglowEffects.length)
    general.push(
      control(
        0x81,
        'lighting.underglowEffect',
        'dropdown',
        def.underglowEffects.map(([name], i) => [name, i]),
      ),
    );
  if (has(0x82)) general.push(control(0x82, 'lighting.underglowSpeed', 'range', [0, 255]));
  const underglowColours = def.underglowEffects[values['129']?.[0] ?? 0]?.[1] ?? 0;
  if (has(0x83) && underglowColours >= 1) general.push(control(0x83, 'lighting.underglowColor', 'color'));
  const layout = [
    [0x01, 'lighting.splitBackspace'],
    [0x02, 'lighting.splitLeftShift'],
    [0x03, 'lighting.splitRightShift'],
    [0x04, 'lighting.space7u'],
    [0x05, 'lighting.isoEnter'],
    [0x06, 'lighting.disableHhkbBlockers'],
  ]
    .filter(([id]) => has(id as number))
    .map(([id, label]) => control(id as number, label as string, 'toggle'));
  const advanced: MenuControl[] = [];
  if (has(0x07)) advanced.push(control(0x07, 'lighting.disableWhenSuspended', 'toggle'));
  if (has(0x08)) advanced.push(control(0x08, 'lighting.sleepTimeout', 'range', [0, 255]));
  for (const [id, label] of [
    [0x0e, 'lighting.capsLockColor'],
    [0x10, 'lighting.layer1Color'],
    [0x12, 'lighting.layer2Color'],
    [0x14, 'lighting.layer3Color'],
  ] as const) {
    if (has(id)) advanced.push(control(id, label, 'color'));
  }
  const submenus = [{ label: 'lighting.general', controls: general, enabled: true }];
  if (layout.length) submenus.push({ label: 'lighting.layout', controls: layout, enabled: true });
  if (advanced.length) submenus.push({ label: 'lighting.advanced', controls: advanced, enabled: true });
  return { label: 'lighting.title', submenus };
}

/**
 * The Lighting pane of a served definition.
 * @throws Error 'This lighting component is only compatible with v2 definitions' for a v3 definition.
 */
export function lightingPaneOf(
  definition: ServedDefinition,
  values: Readonly<Record<string, number[]>>,
): MenuPane {
  if (!('lighting' in definition)) throw new Error(V2_LIGHTING_ONLY);
  return lightingPane(definition.lighting, values);
}
