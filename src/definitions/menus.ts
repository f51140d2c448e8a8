import { LoadOnce } from '../lib/LoadOnce.ts';
import type { ServedDefinition } from './compile.ts';
import { readConstraints, type RangeConstraint } from './readConstraints.ts';
import { evaluateShowIf } from './showIf.ts';

/** A control row of a custom menu, with its value address (channel, value id, extra args). */
export interface MenuControl {
  label: string;
  type: 'toggle' | 'range' | 'dropdown' | 'color' | 'keycode' | 'button' | 'label' | 'color-palette' | 'text';
  key: string;
  channel: number;
  valueId: number;
  args: number[];
  options?: unknown;
  unit?: string;
  /** Range constraints (reader ≥ 1.14): checked when the slider moves. */
  constraints?: RangeConstraint[];
}

export interface MenuSubmenu {
  label: string;
  controls: MenuControl[];
  /** A submenu whose showIf is false is listed greyed out. */
  enabled: boolean;
}

export interface MenuPane {
  label: string;
  submenus: MenuSubmenu[];
}

interface Node {
  label?: string;
  type?: string;
  content?: unknown;
  showIf?: string;
  options?: unknown;
  unit?: string;
  constraints?: unknown;
}

/** Reads byte `byte` of the value named `key` (for showIf). */
export type ValueLookup = (key: string, byte: number) => number | undefined;

// QMK's common menus (`qmk_rgb_matrix` …) from the VIA reader: only definitions that name one need them, so they
// load with the first such definition (loadCommonMenus), not with the first screen.
const commonMenus = new LoadOnce(() =>
  import('@the-via/reader/dist/common-menus/index.js').then(
    (reader) => reader.commonMenus as unknown as Readonly<Record<string, Node[]>>,
  ),
);

/** Whether a definition's menus name a common menu (`"qmk_rgb_matrix"`) instead of spelling it out. */
export function namesCommonMenu(menus: readonly unknown[]): boolean {
  return menus.some((m) => typeof m === 'string');
}

/**
 * Loads the VIA reader's common menus when `menus` names one (every time when no menus are given); call it before
 * reading such menus with the functions below. Resolves at once when they are loaded or not needed.
 */
export async function loadCommonMenus(menus?: readonly unknown[]): Promise<void> {
  if (!menus || namesCommonMenu(menus)) await commonMenus.load();
}

/**
 * Top-level menus with common-menu names (`qmk_rgb_matrix` …) expanded to their full menus.
 * @throws Error when a common menu is named before `loadCommonMenus` loaded them (a bug of the caller).
 */
export function expandMenus(menus: readonly unknown[]): Node[] {
  return menus.flatMap((m) => {
    if (typeof m !== 'string') return [m as Node];
    const loaded = commonMenus.current;
    if (!loaded) throw new Error(`The common menu '${m}' was read before loadCommonMenus()`);
    return loaded[m] ?? [];
  });
}

function controls(items: unknown, lookup: ValueLookup): MenuControl[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((raw): MenuControl[] => {
    const item = raw as Node;
    if (item.showIf && !evaluateShowIf(item.showIf, lookup)) return [];
    if (!item.label && Array.isArray(item.content)) return controls(item.content, lookup); // a slice
    if (typeof item.content === 'string')
      return [{ label: item.label ?? '', type: 'text', key: '', channel: -1, valueId: -1, args: [] }];
    if (!item.type || !Array.isArray(item.content) || typeof item.content[0] !== 'string') return [];
    const [key, channel, valueId, ...args] = item.content as [string, number, number, ...number[]];
    return [
      {
        label: item.label ?? '',
        type: item.type as MenuControl['type'],
        key,
        channel,
        valueId,
        args,
        options: item.options,
        ...(item.unit ? { unit: item.unit } : {}),
        ...(item.constraints ? { constraints: readConstraints(item.constraints) } : {}),
      },
    ];
  });
}

/** Thrown when v3 menus are asked of a definition that has none (core.md §8). */
export const V3_MENUS_ONLY = 'V3 menus are only compatible with V3 VIA definitions.';

/**
 * The custom menus of a served v3 definition.
 * @throws Error 'V3 menus are only compatible with V3 VIA definitions.' for a v2 definition.
 */
export function definitionMenus(definition: ServedDefinition): readonly unknown[] {
  if (!('menus' in definition)) throw new Error(V3_MENUS_ONLY);
  return definition.menus;
}

/** The panes of a v3 definition's menus, with showIf applied against the current values. */
export function menuPanes(menus: readonly unknown[], lookup: ValueLookup): MenuPane[] {
  return expandMenus(menus)
    .filter((menu) => !menu.showIf || evaluateShowIf(menu.showIf, lookup))
    .map((menu) => {
      const submenus: MenuSubmenu[] = [];
      const visit = (nodes: unknown) => {
        if (!Array.isArray(nodes)) return;
        for (const raw of nodes) {
          const node = raw as Node;
          if (!node.label) {
            if (!node.showIf || evaluateShowIf(node.showIf, lookup)) visit(node.content);
            continue;
          }
          submenus.push({
            label: node.label,
            controls: controls(node.content, lookup),
            enabled: !node.showIf || evaluateShowIf(node.showIf, lookup),
          });
        }
      };
      visit(menu.content);
      return { label: menu.label ?? '', submenus };
    });
}

/** Icon by label keyword (core.md §2): light/rgb → lightbulb, audio/sound → headphones, display/oled/lcd. */
export function menuIcon(label: string): 'lightbulb' | 'headphones' | 'display' | 'gear' {
  const l = label.toLowerCase();
  if (l.includes('light') || l.includes('rgb')) return 'lightbulb';
  if (l.includes('audio') || l.includes('sound')) return 'headphones';
  if (l.includes('display') || l.includes('oled') || l.includes('lcd')) return 'display';
  return 'gear';
}

/** Every range control of the menus by key (shown or not): where its value lives and its [min, max]. */
export function rangeControls(
  menus: readonly unknown[],
): Map<string, { channel: number; valueId: number; args: number[]; limits: [number, number] }> {
  const out = new Map<
    string,
    { channel: number; valueId: number; args: number[]; limits: [number, number] }
  >();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.type === 'range' && Array.isArray(n.content) && typeof n.content[0] === 'string') {
      const [key, channel, valueId, ...args] = n.content as [string, number, number, ...number[]];
      const [min, max] = (n.options as [number, number] | undefined) ?? [0, 255];
      out.set(key, { channel, valueId, args, limits: [min, max] });
    } else if (Array.isArray(n.content)) n.content.forEach(visit);
  };
  expandMenus(menus).forEach(visit);
  return out;
}

/** A range value as the bytes it is stored in: one byte, or two big-endian when the range goes past 255. */
export function rangeBytes(value: number, max: number): number[] {
  return max > 255 ? [(value >> 8) & 0xff, value & 0xff] : [value & 0xff];
}
