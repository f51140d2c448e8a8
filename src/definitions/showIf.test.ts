import { describe, expect, it, vi } from 'vitest';
import { evaluateShowIf } from './showIf.ts';
import { loadCommonMenus, menuIcon, menuPanes } from './menus.ts';

const values: Record<string, number[]> = { effect: [3], color: [10, 200], off: [0] };
const lookup = (key: string, byte: number) => values[key]?.[byte];

describe('showIf', () => {
  it.each([
    ['{effect} > 1', true],
    ['{effect} == 16', false],
    ['{effect} > 0 && {effect} < 16', true],
    ['{off} || {effect} == 3', true],
    ['!{off}', true],
    ['({effect} == 1 || {effect} == 3) && {color.1} >= 200', true],
    ['{missing} == 0', true],
    ['{effect} != 3', false],
  ])('%s → %s', (expr, result) => expect(evaluateShowIf(expr, lookup)).toBe(result));
});

describe('menu panes', () => {
  it('expands common menus and applies showIf to controls', async () => {
    await loadCommonMenus(['qmk_rgb_matrix']);
    const panes = menuPanes(['qmk_rgb_matrix'], (key) =>
      key === 'id_qmk_rgb_matrix_effect' ? 0 : undefined,
    );
    expect(panes[0]!.label).toBe('Lighting');
    const labels = panes[0]!.submenus[0]!.controls.map((c) => c.label);
    expect(labels).toContain('Brightness');
    expect(labels).not.toContain('Effect Speed');
  });
  it('reads common menus only once they are loaded, and loads them only for menus that name one', async () => {
    vi.resetModules();
    const fresh = await import('./menus.ts');
    const none = () => undefined;
    expect(() => fresh.menuPanes(['qmk_rgb_matrix'], none)).toThrow(/loadCommonMenus/);
    await fresh.loadCommonMenus([{ label: 'Own', content: [] }]);
    expect(() => fresh.menuPanes(['qmk_rgb_matrix'], none)).toThrow(/loadCommonMenus/);
    expect(fresh.menuPanes([{ label: 'Own', content: [] }], none)).toEqual([{ label: 'Own', submenus: [] }]);
    await fresh.loadCommonMenus(['qmk_rgb_matrix']);
    expect(fresh.menuPanes(['qmk_rgb_matrix'], none)[0]!.label).toBe('Lighting');
  });
  it('picks icons by label keywords', () => {
    expect([menuIcon('Lighting'), menuIcon('Audio'), menuIcon('OLED'), menuIcon('Keyboard')]).toEqual([
      'lightbulb',
      'headphones',
      'display',
      'gear',
    ]);
  });
});
