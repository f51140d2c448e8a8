// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardCanvas } from './KeyboardCanvas.tsx';
import type { CanvasKey } from '../common/canvasKey.ts';

afterEach(cleanup);

const KEYS: CanvasKey[] = ['Q', 'W', 'E'].map((label, x) => ({
  shape: { x, y: 0 },
  label,
  ariaLabel: label,
}));

// The canvas as a picture: print view, layer downloads and the load preview.
describe('KeyboardCanvas read-only', () => {
  it('draws keys as pictures with their legends as text: no buttons, no focus, no selection', () => {
    const onSelect = vi.fn();
    render(
      <KeyboardCanvas
        keys={KEYS}
        selected={new Set()}
        readOnly
        onSelect={onSelect}
        ariaLabel="Layer 0"
        testId="sheet"
      />,
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    const keys = screen.getAllByRole('img');
    expect(keys.map((k) => k.textContent)).toEqual(['Q', 'W', 'E']);
    expect(keys.every((k) => !k.hasAttribute('tabindex'))).toBe(true);
    fireEvent.pointerDown(keys[1]!);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByTestId('sheet')).toBeTruthy();
  });

  it('marks highlighted keys (keys a load would change)', () => {
    render(
      <KeyboardCanvas
        keys={KEYS}
        selected={new Set()}
        readOnly
        highlighted={new Set([2])}
        ariaLabel="Layer 0"
      />,
    );
    const marked = screen.getAllByRole('img').filter((k) => k.hasAttribute('data-highlighted'));
    expect(marked.map((k) => k.textContent)).toEqual(['E']);
  });
});
