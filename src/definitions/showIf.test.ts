import { describe, expect, it } from 'vitest';
import { evaluateShowIf } from './showIf.ts';
import { menuIcon, menuPanes } from './menus.ts';

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
  it('expands common menus and applies showIf to controls', () => {
    const panes = menuPanes(['qmk_rgb_matrix'], (key) =>
      key === 'id_qmk_rgb_matrix_effect' ? 0 : undefined,
    );
    expect(panes[0]!.label).toBe('Lighting');
    const labels = panes[0]!.submenus[0]!.controls.map((c) => c.label);
    expect(labels).toContain('Brightness');
    expect(labels).not.toContain('Effect Speed');
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
