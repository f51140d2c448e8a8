import { describe, expect, it } from 'vitest';
import { decodeMacros } from '../macros/macroBytes.ts';
import { macroToScript } from '../macros/macroCodec.ts';
import { macroStepsOf } from './macroSteps.ts';

describe('macro steps for the format writers', () => {
  it('a macro typing `C:\\` then Enter gives the backslash as text, then the Enter key', () => {
    // 43 3A 5C 01 01 28 00: "C:\" then tap KC_ENT (protocol 12) — its script needs the raw-bytes form.
    const [steps] = decodeMacros(Uint8Array.from([0x43, 0x3a, 0x5c, 0x01, 0x01, 0x28, 0x00]), 1, 12);
    const script = macroToScript(steps!, 12);
    expect(script).toContain('{\\x5C}');
    expect(macroStepsOf(script, 12)).toEqual([
      { kind: 'text', text: 'C:\\' },
      { kind: 'tap', keycode: 0x28 },
    ]);
  });

  it('bytes no format can type stay characters, for each writer to drop and list', () => {
    expect(macroStepsOf('{\\x01\\x09}', 12)).toEqual([{ kind: 'text', text: '\u0001\t' }]);
  });
});
