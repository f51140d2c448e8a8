// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadStrings, strings } from '../../../i18n/i18n.ts';
import { zmkCanvasKeys } from '../../../zmk/canvasKeys.ts';
import { zmkTitleWords } from '../../../zmk/names.ts';
import { keyNaming } from '../../canvas/keyNaming.ts';
import { ZmkPrintKeymap } from './ZmkPrintKeymap.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadStrings(['sheets']);
});
afterEach(cleanup);

const key = { width: 100, height: 100, x: 0, y: 0, r: 0, rx: 0, ry: 0 };
const state = {
  info: { name: 'Test Board', serialNumber: new Uint8Array() },
  behaviors: [{ id: 1, displayName: 'Key Press', sets: [] }],
  layouts: { activeIndex: 0, layouts: [{ name: 'Default', keys: [key] }] },
  keymap: {
    layers: [
      { id: 0, name: 'Base', bindings: [{ behaviorId: 1, param1: 0x070004, param2: 0 }] },
      { id: 3, name: '', bindings: [{ behaviorId: 1, param1: 0x070005, param2: 0 }] },
    ],
    availableLayers: 0,
    maxLayerNameLength: 20,
  },
};

// The layers as the screen draws them, legends as on a US layout.
const keysOf = (layer: number) =>
  zmkCanvasKeys(state, layer, 'us', keyNaming(strings.t), zmkTitleWords(strings.getFixedT('zmk')));

describe('ZMK print keymap', () => {
  it('is a dialog like the VIA one: every layer under its heading, Print focused, focus kept inside, Escape closes and focus returns', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onClose = vi.fn();
    const { unmount } = render(<ZmkPrintKeymap state={state} keysOf={keysOf} onClose={onClose} />);

    const view = screen.getByRole('dialog', { name: 'Keymap of Test Board' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Layer 0 — Base',
      'Layer 1',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Print' }));
    expect(document.body.classList.contains('printing-keymap')).toBe(true);

    // Focus stays inside: Tab from the last control comes back to the first.
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Print' }));

    fireEvent.keyDown(view, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.body.classList.contains('printing-keymap')).toBe(false);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
