import { useEffect, useRef } from 'react';
import type { Settings } from '../../state/settingsStore.ts';
import type { TestKeyState } from '../../state/testerStore.ts';
import { frequency, noteFor, type NotePosition } from '../../tester/notes.ts';

/** Envelope of a note (core.md §9): amplitude 0.25, attack and decay 0.05 s, release 0.05 s; volume ramps 0.2 s. */
const AMPLITUDE = 0.25;
const ATTACK = 0.05;
const DECAY = 0.05;
const SUSTAIN = 0.8;
const RELEASE = 0.05;
const VOLUME_RAMP = 0.2;
/**
 * The first note of a visit starts quiet and the volume rises to the chosen one over a few seconds: the spec's
 * default is on at volume 100, which startled a first-time user at the first key press.
 */
export const FIRST_SOUND_SHARE = 0.15;
export const FIRST_SOUND_RAMP = 3;

type SoundSettings = Settings['testKeyboardSoundsSettings'];

/** Web Audio voices for held keys: a note starts on key down and stops on key up. */
export class KeySounds {
  private context: AudioContext | null = null;
  private master: GainNode | null = null;
  private readonly voices = new Map<string, { osc: OscillatorNode; gain: GainNode }>();

  private audio(volume: number): { context: AudioContext; master: GainNode } | null {
    if (typeof AudioContext === 'undefined') return null;
    if (!this.context) {
      this.context = new AudioContext();
      this.master = this.context.createGain();
      const now = this.context.currentTime;
      this.master.gain.setValueAtTime((volume / 100) * FIRST_SOUND_SHARE, now);
      this.master.gain.linearRampToValueAtTime(volume / 100, now + FIRST_SOUND_RAMP);
      this.master.connect(this.context.destination);
    }
    return { context: this.context, master: this.master! };
  }

  setVolume(volume: number): void {
    if (!this.context || !this.master) return;
    const now = this.context.currentTime;
    this.master.gain.cancelScheduledValues(now);
    this.master.gain.setValueAtTime(this.master.gain.value, now);
    this.master.gain.linearRampToValueAtTime(volume / 100, now + VOLUME_RAMP);
  }

  start(id: string, hz: number, settings: SoundSettings): void {
    const audio = this.audio(settings.volume);
    if (!audio || this.voices.has(id)) return;
    const { context, master } = audio;
    const now = context.currentTime;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = settings.waveform;
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0, now);
    gain.gain.linearRampToValueAtTime(AMPLITUDE, now + ATTACK);
    gain.gain.linearRampToValueAtTime(AMPLITUDE * SUSTAIN, now + ATTACK + DECAY);
    osc.connect(gain).connect(master);
    osc.start(now);
    this.voices.set(id, { osc, gain });
  }

  stop(id: string): void {
    const voice = this.voices.get(id);
    if (!voice || !this.context) return;
    const now = this.context.currentTime;
    voice.gain.gain.cancelScheduledValues(now);
    voice.gain.gain.setValueAtTime(voice.gain.gain.value, now);
    voice.gain.gain.linearRampToValueAtTime(0, now + RELEASE);
    voice.osc.stop(now + RELEASE + 0.01);
    this.voices.delete(id);
  }

  stopAll(): void {
    for (const id of [...this.voices.keys()]) this.stop(id);
  }
}

/**
 * Plays the Key Tester's notes: watches key states and starts a note for each key that went down, stops it when
 * it goes up. `positionOf` places a key for the note modes.
 */
export function useKeySounds<K>(
  states: ReadonlyMap<K, TestKeyState>,
  positionOf: (key: K) => NotePosition | undefined,
  settings: SoundSettings,
): void {
  const sounds = useRef<KeySounds | null>(null);
  const previous = useRef<ReadonlyMap<K, TestKeyState>>(new Map());

  useEffect(() => {
    sounds.current ??= new KeySounds();
    const engine = sounds.current;
    for (const [key, state] of states) {
      if (previous.current.get(key) === state) continue;
      const id = String(key);
      if (state === 'up' || !settings.isEnabled) {
        engine.stop(id);
        continue;
      }
      const position = positionOf(key);
      if (position)
        engine.start(id, frequency(noteFor(position, settings.mode, settings.transpose)), settings);
    }
    // Keys that left the map (Reset) stop sounding.
    for (const key of previous.current.keys()) if (!states.has(key)) engine.stop(String(key));
    previous.current = states;
  }, [states, positionOf, settings]);

  useEffect(() => sounds.current?.setVolume(settings.volume), [settings.volume]);
  useEffect(() => () => sounds.current?.stopAll(), []);
}
