import { describe, expect, it } from 'vitest';
import { groupChords } from './chords.ts';
import type { MacroStep } from './macroCodec.ts';

const LCTL = 0xe0;
const LSFT = 0xe1;
const C = 0x06;
const T = 0x17;
const ENTER = 0x28;

describe('groupChords', () => {
  it('reads Ctrl down, C, Ctrl up as one chord, and a tap after it alone', () => {
    const steps: MacroStep[] = [
      { kind: 'down', keycode: LCTL },
      { kind: 'down', keycode: C },
      { kind: 'up', keycode: C },
      { kind: 'up', keycode: LCTL },
      { kind: 'tap', keycode: ENTER },
    ];
    expect(groupChords(steps)).toEqual([
      { kind: 'chord', from: 0, to: 4, modifiers: [LCTL], keys: [C] },
      { kind: 'step', index: 4 },
    ]);
  });

  it('takes several modifiers let go in any order, and tapped keys', () => {
    const steps: MacroStep[] = [
      { kind: 'down', keycode: LCTL },
      { kind: 'down', keycode: LSFT },
      { kind: 'tap', keycode: T },
      { kind: 'up', keycode: LCTL },
      { kind: 'up', keycode: LSFT },
    ];
    expect(groupChords(steps)).toEqual([
      { kind: 'chord', from: 0, to: 5, modifiers: [LCTL, LSFT], keys: [T] },
    ]);
  });

  it('leaves alone what is no whole chord: a modifier still held, a delay inside, a modifier with no key', () => {
    const held: MacroStep[] = [
      { kind: 'down', keycode: LCTL },
      { kind: 'tap', keycode: C },
    ];
    const delayed: MacroStep[] = [
      { kind: 'down', keycode: LCTL },
      { kind: 'delay', ms: 20 },
      { kind: 'tap', keycode: C },
      { kind: 'up', keycode: LCTL },
    ];
    const alone: MacroStep[] = [
      { kind: 'down', keycode: LSFT },
      { kind: 'up', keycode: LSFT },
    ];
    for (const steps of [held, delayed, alone])
      expect(groupChords(steps)).toEqual(steps.map((_, index) => ({ kind: 'step', index })));
  });
});
