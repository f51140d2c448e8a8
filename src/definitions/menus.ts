import { commonMenus } from '@the-via/reader/dist/common-menus/index.js';
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
}

/** Reads byte `byte` of the value named `key` (for showIf). */
export type ValueLookup = (key: string, byte: number) => number | undefined;

/** Top-level menus with common-menu names (`qmk_rgb_matrix` …) expanded to their full menus. */
export function expandMenus(menus: readonly unknown[]): Node[] {
  return menus.flatMap((m) =>
    typeof m === 'string' ? ((commonMenus as Record<string, Node[]>)[m] ?? []) : [m as Node],
  );
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
      },
    ];
  });
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
