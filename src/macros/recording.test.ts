import { describe, expect, it } from 'vitest';
import { eventsToSteps, parseDelay, smartOptimize, withEnterAtEnd, type RecordedEvent } from './recording.ts';

const KC_A = 0x04;
const KC_B = 0x05;
const KC_1 = 0x1e;
const LSFT = 0xe1;
const LCTL = 0xe0;
const ev = (keycode: number, type: 'down' | 'up', time: number): RecordedEvent => ({ keycode, type, time });

describe('macro recording', () => {
  it('events become downs and ups; repeats are dropped; delays between events when asked', () => {
    const events = [
      ev(KC_A, 'down', 0),
      ev(KC_A, 'down', 30),
      ev(KC_A, 'up', 120),
      ev(KC_B, 'down', 400),
      ev(KC_B, 'up', 450),
    ];
    expect(eventsToSteps(events, false)).toEqual([
      { kind: 'down', keycode: KC_A },
      { kind: 'up', keycode: KC_A },
      { kind: 'down', keycode: KC_B },
      { kind: 'up', keycode: KC_B },
    ]);
    expect(eventsToSteps(events, true).filter((s) => s.kind === 'delay')).toEqual([
      { kind: 'delay', ms: 120 },
      { kind: 'delay', ms: 280 },
      { kind: 'delay', ms: 50 },
    ]);
  });

  it('smart optimisation: taps, typed characters (shifted too) as text; shortcuts stay taps', () => {
    const steps = eventsToSteps(
      [
        ev(LSFT, 'down', 0),
        ev(KC_A, 'down', 1),
        ev(KC_A, 'up', 2),
        ev(LSFT, 'up', 3),
        ev(KC_B, 'down', 4),
        ev(KC_B, 'up', 5),
        ev(LSFT, 'down', 6),
        ev(KC_1, 'down', 7),
        ev(KC_1, 'up', 8),
        ev(LSFT, 'up', 9),
        ev(LCTL, 'down', 10),
        ev(KC_A, 'down', 11),
        ev(KC_A, 'up', 12),
        ev(LCTL, 'up', 13),
      ],
      false,
    );
    const optimised = smartOptimize(steps);
    expect(optimised[0]).toEqual({ kind: 'text', text: 'Ab!' });
    expect(optimised.slice(1)).toEqual([
      { kind: 'down', keycode: LCTL },
      { kind: 'tap', keycode: KC_A },
      { kind: 'up', keycode: LCTL },
    ]);
  });

  it('delay input: digits only, over 0 and under 100000', () => {
    expect(['250', '99999', '0', '100000', '12a', '', '-5'].map(parseDelay)).toEqual([
      250,
      99999,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('tap Enter at end of macro', () => {
    expect(withEnterAtEnd([{ kind: 'text', text: 'hi' }]).at(-1)).toEqual({ kind: 'tap', keycode: 0x28 });
  });
});
