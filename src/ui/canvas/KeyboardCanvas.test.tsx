// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardCanvas } from './KeyboardCanvas.tsx';
import type { CanvasKey } from '../common/canvasKey.ts';
import { fitLabel } from './labelFit.ts';

afterEach(cleanup);

const key = (x: number, y: number, label: string, extra: Partial<CanvasKey> = {}): CanvasKey => ({
  shape: { x, y },
  label,
  ariaLabel: `Key ${label}`,
  ...extra,
});
const KEYS = [
  key(0, 0, 'Q'),
  key(1, 0, 'W'),
  key(0, 1, 'A'),
  key(1, 1, 'S'),
  key(5, 5, 'decal', { shape: { x: 5, y: 5, d: true } }),
];

function renderCanvas(props: Partial<Parameters<typeof KeyboardCanvas>[0]> = {}) {
  const handlers = { onSelect: vi.fn(), onToggle: vi.fn(), onActivate: vi.fn() };
  const view = render(
    <KeyboardCanvas keys={KEYS} selected={new Set()} ariaLabel="Board" {...handlers} {...props} />,
  );
  return { ...handlers, view };
}

describe('KeyboardCanvas', () => {
  it('draws one button per key, leaving decals out', () => {
    renderCanvas();
    expect(screen.getAllByRole('button')).toHaveLength(4);
  });

  it('a key is named by what it shows too (WCAG 2.5.3): an abbreviated or two-line legend ends its name', () => {
    const keys = [
      key(0, 0, 'Esc', { ariaLabel: 'row 0, column 0: Escape' }),
      key(1, 0, 'A', { ariaLabel: 'row 0, column 1: Layer-tap 1, A', topLabel: 'LT 1', bottomLabel: 'A' }),
      key(2, 0, 'F1', { ariaLabel: 'row 0, column 2: F1' }),
      key(3, 0, '▽', { ariaLabel: 'row 0, column 3: Transparent (the layer below)' }),
    ];
    render(<KeyboardCanvas keys={keys} selected={new Set()} ariaLabel="Board" />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'row 0, column 0: Escape, Esc',
      'row 0, column 1: Layer-tap 1, A, LT 1 A',
      'row 0, column 2: F1',
      'row 0, column 3: Transparent (the layer below)',
    ]);
    // The two lines read as two words, not 'LT 1A'.
    expect(screen.getAllByRole('button')[1]!.textContent).toBe('LT 1 A');
  });

  it('click selects one key; pointer down on the background clears', () => {
    const { onSelect } = renderCanvas();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Key W' }));
    expect(onSelect).toHaveBeenLastCalledWith(1);
    fireEvent.pointerDown(screen.getByTestId('keyboard-canvas'));
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('multi-select: pointer down toggles, dragging over keys adds them', () => {
    const { onToggle, onSelect } = renderCanvas({ multiSelect: true, selected: new Set([0]) });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Key Q' }));
    expect(onToggle).toHaveBeenLastCalledWith(0, false);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Key W' }));
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Key S' }));
    expect(onToggle).toHaveBeenCalledWith(1, true);
    expect(onToggle).toHaveBeenLastCalledWith(3, true);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('arrow keys move the selection spatially; Enter activates; Escape clears', () => {
    const { onSelect, onActivate } = renderCanvas({ selected: new Set([0]) });
    const svg = screen.getByTestId('keyboard-canvas');
    fireEvent.keyDown(svg, { key: 'ArrowRight' });
    expect(onSelect).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(svg, { key: 'ArrowDown' });
    expect(onSelect).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(svg, { key: 'Enter' });
    expect(onActivate).toHaveBeenCalledWith(0);
    fireEvent.keyDown(svg, { key: 'Escape' });
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('marks selected keys for screen readers and keeps one key in the tab order', () => {
    renderCanvas({ selected: new Set([3]) });
    expect(screen.getByRole('button', { name: 'Key S' })).toHaveProperty('ariaPressed', 'true');
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('tabindex') === '0')).toHaveLength(1);
  });

  it('shows a tooltip for macros and labels over 15 characters', () => {
    render(
      <KeyboardCanvas
        keys={[key(0, 0, 'M0', { macroExpression: 'Hello{KC_ENT}' }), key(1, 0, 'A_VERY_LONG_LABEL_TEXT')]}
        selected={new Set()}
        ariaLabel="Board"
      />,
    );
    const titles = [...document.querySelectorAll('title')].map((t) => t.textContent);
    expect(titles).toEqual(['Hello{KC_ENT}', 'A_VERY_LONG_LABEL_TEXT']);
  });
});

describe('fitLabel', () => {
  it('uses 22 px for one glyph, 16 for short words, 13 otherwise, and truncates what does not fit', () => {
    expect(fitLabel('A', 52).fontSize).toBe(22);
    expect(fitLabel('Caps', 52).fontSize).toBe(16);
    expect(fitLabel('Enter!', 200).fontSize).toBe(13);
    const long = fitLabel('SUPERLONGNAME', 52);
    expect(long.overflows).toBe(true);
    expect(long.text.endsWith('…')).toBe(true);
  });
});
