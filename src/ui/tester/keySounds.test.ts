import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SOUND_RAMP, FIRST_SOUND_SHARE, KeySounds } from './keySounds.ts';

/** A Web Audio stand-in that records what is scheduled on each gain. */
function fakeAudio() {
  const schedules: { set: [number, number][]; ramps: [number, number][] }[] = [];
  const param = () => {
    const record = { set: [] as [number, number][], ramps: [] as [number, number][] };
    schedules.push(record);
    return {
      value: 0,
      setValueAtTime: (v: number, t: number) => record.set.push([v, t]),
      linearRampToValueAtTime: (v: number, t: number) => record.ramps.push([v, t]),
      cancelScheduledValues: () => undefined,
    };
  };
  const node = () => ({ gain: param(), connect: (n: unknown) => n });
  class Context {
    currentTime = 10;
    destination = {};
    createGain = node;
    createOscillator = () => ({
      type: 'sine',
      frequency: { value: 0 },
      connect: (n: unknown) => n,
      start() {},
      stop() {},
    });
  }
  vi.stubGlobal('AudioContext', Context);
  return schedules;
}

afterEach(() => vi.unstubAllGlobals());

describe('Key Tester sounds', () => {
  it('start quiet at the first note and rise to the chosen volume over a few seconds', () => {
    const schedules = fakeAudio();
    const sounds = new KeySounds();
    sounds.start('KeyA', 440, {
      isEnabled: true,
      volume: 100,
      transpose: 0,
      waveform: 'sine',
      mode: 'random',
    });
    const master = schedules[0]!;
    expect(master.set).toEqual([[FIRST_SOUND_SHARE, 10]]);
    expect(master.ramps).toEqual([[1, 10 + FIRST_SOUND_RAMP]]);
    expect(FIRST_SOUND_SHARE).toBeLessThanOrEqual(0.2);
  });
});
