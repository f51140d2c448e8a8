import type { KeyShape } from './geometry.ts';

/** One key of the Key Tester's full-size board: the KeyboardEvent.code it lights up for, and its legend. */
export interface TesterKey extends KeyShape {
  code: string;
  label: string;
}

type Spec = [code: string, label: string, w?: number, h?: number] | { gap: number };

const F = (n: number): Spec => [`F${n}`, `F${n}`];
const letters = (s: string): Spec[] => [...s].map((c) => [`Key${c}`, c]);

// A 108-key ANSI board (104 keys plus four media keys over the numpad), 22.5 × 6.25 units.
const ROWS: { y: number; keys: Spec[] }[] = [
  {
    y: 0,
    keys: [
      ['Escape', 'Esc'],
      { gap: 1 },
      F(1),
      F(2),
      F(3),
      F(4),
      { gap: 0.5 },
      F(5),
      F(6),
      F(7),
      F(8),
      { gap: 0.5 },
      F(9),
      F(10),
      F(11),
      F(12),
      { gap: 0.25 },
      ['PrintScreen', 'PrtSc'],
      ['ScrollLock', 'ScrLk'],
      ['Pause', 'Pause'],
      { gap: 0.25 },
      ['AudioVolumeMute', 'Mute'],
      ['AudioVolumeDown', 'Vol-'],
      ['AudioVolumeUp', 'Vol+'],
      ['MediaPlayPause', 'Play'],
    ],
  },
  {
    y: 1.25,
    keys: [
      ['Backquote', '`'],
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map((d): Spec => [`Digit${d}`, String(d)]),
      ['Minus', '-'],
      ['Equal', '='],
      ['Backspace', 'Bksp', 2],
      { gap: 0.25 },
      ['Insert', 'Ins'],
      ['Home', 'Home'],
      ['PageUp', 'PgUp'],
      { gap: 0.25 },
      ['NumLock', 'Num'],
      ['NumpadDivide', '/'],
      ['NumpadMultiply', '*'],
      ['NumpadSubtract', '-'],
    ],
  },
  {
    y: 2.25,
    keys: [
      ['Tab', 'Tab', 1.5],
      ...letters('QWERTYUIOP'),
      ['BracketLeft', '['],
      ['BracketRight', ']'],
      ['Backslash', '\\', 1.5],
      { gap: 0.25 },
      ['Delete', 'Del'],
      ['End', 'End'],
      ['PageDown', 'PgDn'],
      { gap: 0.25 },
      ['Numpad7', '7'],
      ['Numpad8', '8'],
      ['Numpad9', '9'],
      ['NumpadAdd', '+', 1, 2],
    ],
  },
  {
    y: 3.25,
    keys: [
      ['CapsLock', 'Caps', 1.75],
      ...letters('ASDFGHJKL'),
      ['Semicolon', ';'],
      ['Quote', "'"],
      ['Enter', 'Enter', 2.25],
      { gap: 3.5 },
      ['Numpad4', '4'],
      ['Numpad5', '5'],
      ['Numpad6', '6'],
    ],
  },
  {
    y: 4.25,
    keys: [
      ['ShiftLeft', 'Shift', 2.25],
      ...letters('ZXCVBNM'),
      ['Comma', ','],
      ['Period', '.'],
      ['Slash', '/'],
      ['ShiftRight', 'Shift', 2.75],
      { gap: 1.25 },
      ['ArrowUp', '↑'],
      { gap: 1.25 },
      ['Numpad1', '1'],
      ['Numpad2', '2'],
      ['Numpad3', '3'],
      ['NumpadEnter', 'Ent', 1, 2],
    ],
  },
  {
    y: 5.25,
    keys: [
      ['ControlLeft', 'Ctrl', 1.25],
      ['MetaLeft', 'Win', 1.25],
      ['AltLeft', 'Alt', 1.25],
      ['Space', 'Space', 6.25],
      ['AltRight', 'Alt', 1.25],
      ['MetaRight', 'Win', 1.25],
      ['ContextMenu', 'Menu', 1.25],
      ['ControlRight', 'Ctrl', 1.25],
      { gap: 0.25 },
      ['ArrowLeft', '←'],
      ['ArrowDown', '↓'],
      ['ArrowRight', '→'],
      { gap: 0.25 },
      ['Numpad0', '0', 2],
      ['NumpadDecimal', '.'],
    ],
  },
];

export const TESTER_LAYOUT: readonly TesterKey[] = ROWS.flatMap(({ y, keys }) => {
  let x = 0;
  return keys.flatMap((spec) => {
    if (!Array.isArray(spec)) {
      x += spec.gap;
      return [];
    }
    const [code, label, w = 1, h = 1] = spec;
    const key: TesterKey = { code, label, x, y, w, h };
    x += w;
    return [key];
  });
});
