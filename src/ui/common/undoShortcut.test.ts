// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { editsText, undoShortcut, type ShortcutKeys } from './undoShortcut.ts';

const press = (key: string, mods: Partial<ShortcutKeys> = {}): ShortcutKeys => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('undoShortcut', () => {
  it('undoes on Ctrl+Z and Cmd+Z, redoes with Shift', () => {
    expect(undoShortcut(press('z', { ctrlKey: true }))).toBe('undo');
    expect(undoShortcut(press('z', { metaKey: true }))).toBe('undo');
    expect(undoShortcut(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(undoShortcut(press('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
  });

  it('redoes on Ctrl+Y, as Windows and Linux programs do, but leaves Cmd+Y and Shift+Ctrl+Y alone', () => {
    expect(undoShortcut(press('y', { ctrlKey: true }))).toBe('redo');
    expect(undoShortcut(press('Y', { ctrlKey: true }))).toBe('redo');
    expect(undoShortcut(press('y', { metaKey: true }))).toBeNull();
    expect(undoShortcut(press('Y', { ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it('is no shortcut without Ctrl or Cmd, or with Alt (AltGr types characters)', () => {
    expect(undoShortcut(press('z'))).toBeNull();
    expect(undoShortcut(press('y'))).toBeNull();
    expect(undoShortcut(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(undoShortcut(press('x', { ctrlKey: true }))).toBeNull();
  });
});

const element = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.firstElementChild;
};

describe('editsText: where the browser undo of typing wins over the app undo', () => {
  it('text inputs, number inputs, text areas: the typing has its own undo', () => {
    for (const html of ['<input>', '<input type="search">', '<input type="number">', '<textarea></textarea>'])
      expect(editsText(element(html)), html).toBe(true);
  });

  it('drop-downs, sliders, check boxes, buttons, read-only fields: the app undo applies', () => {
    for (const html of [
      '<select><option>a</option></select>',
      '<input type="range">',
      '<input type="checkbox">',
      '<input type="color">',
      '<button>b</button>',
      '<input readonly>',
      '<div></div>',
    ])
      expect(editsText(element(html)), html).toBe(false);
    expect(editsText(null)).toBe(false);
  });
});
