import { describe, expect, it } from 'vitest';
import { encodeMacros, scriptToMacro } from './macroCodec.ts';
import { macroBytesUsed } from './macroUsage.ts';

describe('macroBytesUsed', () => {
  it('counts what encodeMacros writes, NULs included, in each format', () => {
    for (const protocol of [9, 11, 12]) {
      const format = protocol;
      const macros = [[], scriptToMacro('Hi{KC_ENT}', format), scriptToMacro('{KC_LCTL,KC_C}x', format)];
      expect(macroBytesUsed(macros, format)).toBe(encodeMacros(macros, format).length);
    }
  });

  it('is one byte a macro for empty macros', () => expect(macroBytesUsed([[], [], []], 12)).toBe(3));
});
