import { expandMenus } from './menus.ts';

/** Where a menu control's value is kept in KeyboardState.values: "channel:valueId:args…". */
export function menuAddress(c: { channel: number; valueId: number; args?: readonly number[] }): string {
  return [c.channel, c.valueId, ...(c.args ?? [])].join(':');
}
/** A value a v3 menu control reads and writes: channel, value id, extra argument bytes, byte length. */
export interface MenuValueSpec {
  channel: number;
  valueId: number;
  args?: readonly number[];
  length: number;
  /** The control's key in the definition (e.g. 'id_qmk_rgb_matrix_brightness'); absent for common-menu values. */
  key?: string;
}

interface MenuNode {
  type?: string;
  content?: unknown;
  options?: unknown;
}

/** Byte length of a v3 menu control's value (§6.3). */
function controlLength(node: MenuNode): number {
  switch (node.type) {
    case 'color':
    case 'keycode':
      return 2;
    case 'range':
      return Array.isArray(node.options) && Number(node.options[1]) > 255 ? 2 : 1;
    case 'toggle': {
      const on = Array.isArray(node.options) ? node.options[1] : undefined;
      return Array.isArray(on) ? on.length : 1;
    }
    default:
      return 1;
  }
}

/** Every value a v3 definition's menus read or write (common menus expand to their QMK channels). */
export function menuValueSpecs(menus: readonly unknown[]): { values: MenuValueSpec[]; channels: number[] } {
  const values = new Map<string, MenuValueSpec>();
  const channels = new Set<number>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as MenuNode;
    if (n.type && Array.isArray(n.content) && typeof n.content[0] === 'string') {
      const [key, channel, valueId, ...args] = n.content as [string, number, number, ...number[]];
      // Buttons and labels hold no value; the colour palette reads per-key colours by LED index (§1.8).
      if (n.type === 'button' || n.type === 'label' || n.type === 'color-palette') return;
      if (channel !== 0) channels.add(channel);
      values.set([channel, valueId, ...args].join(':'), {
        key,
        channel,
        valueId,
        args,
        length: controlLength(n),
      });
      return;
    }
    if (Array.isArray(n.content)) n.content.forEach(visit);
  };
  // Common menus (`qmk_rgb_matrix` …) expand to their full definitions, keys included.
  expandMenus(menus).forEach(visit);
  return { values: [...values.values()], channels: [...channels].sort() };
}
