import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeName, safeName } from './safeName.ts';

const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const CONTROLS = [...Array(0x20).keys(), 0x7f, 0x85, 0x9b, 0x2028, 0x2029].map((c) => String.fromCharCode(c));
/** Names with the dangerous characters mixed into ordinary text of several scripts. */
const hostileName = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 4 }), fc.constantFrom(...BIDI, ...CONTROLS)), {
    maxLength: 12,
  })
  .map((parts) => parts.join(''));

describe('safeName', () => {
  it('shows "evil\\u202Eexe.txt" in the order it was written, without the override', () => {
    expect(safeName('evil\u202eexe.txt')).toBe('evilexe.txt');
    expect(safeName('\u2067Fn\u2069')).toBe('Fn');
  });

  it('makes control characters visible: a line break or NUL cannot end a comment or a line', () => {
    expect(safeName('Fn\n2')).toBe('Fn\u240a2');
    expect(safeName('a\u0000b\u007f')).toBe('a\u2400b\u2421');
    expect(safeName('x\u2028y\u0085')).toBe('x\ufffdy\ufffd');
  });

  it('keeps every other character: scripts, emoji, combining marks, quotes, backslashes', () => {
    for (const name of ['Base', 'レイヤー', '한글', '数字', 'Émoji 🎹', 'e\u0301', 'a"b\\c', 'عربي'])
      expect(safeName(name)).toBe(name);
  });

  it('property: no bidi control or control character survives, and a second pass changes nothing', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const safe = safeName(name);
        expect(isSafeName(safe)).toBe(true);
        for (const c of [...BIDI, ...CONTROLS]) expect(safe.includes(c)).toBe(false);
        expect(safeName(safe)).toBe(safe);
      }),
    );
  });

  it('property: the visible characters stay, in order (only unsafe ones are removed or replaced)', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const kept = [...name].filter((c) => isSafeName(c)).join('');
        const safe = [...safeName(name)].filter((c) => !/[\u2400-\u2421\ufffd]/.test(c)).join('');
        expect(safe).toBe(kept.replace(/[\u2400-\u2421\ufffd]/g, ''));
      }),
    );
  });
});
