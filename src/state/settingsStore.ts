import { boolean, int, object, oneOf, orDefault, string, tryRead, type Reader } from '../formats/shape.ts';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { KeyValueStorage } from './storage.ts';
import { HOST_LAYOUT_IDS, type HostLayoutId } from '../keycodes/hostLayout.ts';
import { BAD_STORED_VALUE, type ReportBadValue } from './storedValue.ts';

const readRaw = (storage: KeyValueStorage): string | null => {
  try {
    return storage.getItem(SETTINGS_STORAGE_KEY);
  } catch {
    return null;
  }
};

/** Storage key shared with the VIA app's settings format, so the same browser profile keeps its settings. */
export const SETTINGS_STORAGE_KEY = 'via-app-store';

export const RENDER_MODES = ['2D', '3D'] as const;
export const THEME_MODES = ['light', 'dark'] as const;
export const WAVEFORMS = ['sine', 'triangle', 'sawtooth', 'square'] as const;
export const TEST_SOUND_MODES = ['wicki-hayden', 'chromatic', 'random'] as const;
export const LANGUAGES = ['en', 'zh', 'ko', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Settings {
  showDesignTab: boolean;
  disableFastRemap: boolean;
  renderMode: (typeof RENDER_MODES)[number];
  themeMode: (typeof THEME_MODES)[number];
  designDefinitionVersion: 'v2' | 'v3';
  themeName: string;
  language: Language;
  showDiagnostics: boolean;
  /** The computer's keyboard layout for legends; 'auto' detects it where the browser can tell. */
  hostLayout: HostLayoutId | 'auto';
  macroEditor: { smartOptimizeEnabled: boolean; recordDelaysEnabled: boolean; tapEnterAtEOMEnabled: boolean };
  testKeyboardSoundsSettings: {
    isEnabled: boolean;
    volume: number;
    waveform: (typeof WAVEFORMS)[number];
    mode: (typeof TEST_SOUND_MODES)[number];
    transpose: number;
  };
}

export const DEFAULT_SETTINGS: Settings = {
  showDesignTab: false,
  disableFastRemap: false,
  renderMode: '2D',
  themeMode: 'dark',
  designDefinitionVersion: 'v3',
  themeName: 'OLIVIA_DARK',
  language: 'en',
  showDiagnostics: false,
  hostLayout: 'auto',
  macroEditor: { smartOptimizeEnabled: true, recordDelaysEnabled: false, tapEnterAtEOMEnabled: false },
  testKeyboardSoundsSettings: {
    isEnabled: true,
    volume: 100,
    waveform: 'sine',
    mode: 'wicki-hayden',
    transpose: 0,
  },
};

// One reader per field: a bad field falls back to its default without taking the good ones with it.
const FIELD_READERS: { [K in keyof Settings]: Reader<Settings[K]> } = {
  showDesignTab: boolean,
  disableFastRemap: boolean,
  renderMode: oneOf(RENDER_MODES),
  themeMode: oneOf(THEME_MODES),
  designDefinitionVersion: oneOf(['v2', 'v3']),
  themeName: string({ min: 1, max: 64 }),
  language: oneOf(LANGUAGES),
  showDiagnostics: boolean,
  hostLayout: oneOf<HostLayoutId | 'auto'>(['auto', ...HOST_LAYOUT_IDS]),
  macroEditor: object({
    smartOptimizeEnabled: orDefault(boolean, DEFAULT_SETTINGS.macroEditor.smartOptimizeEnabled),
    recordDelaysEnabled: orDefault(boolean, DEFAULT_SETTINGS.macroEditor.recordDelaysEnabled),
    tapEnterAtEOMEnabled: orDefault(boolean, DEFAULT_SETTINGS.macroEditor.tapEnterAtEOMEnabled),
  }),
  testKeyboardSoundsSettings: object({
    isEnabled: orDefault(boolean, true),
    volume: orDefault(int(0, 100), 100),
    waveform: orDefault(oneOf(WAVEFORMS), 'sine'),
    mode: orDefault(oneOf(TEST_SOUND_MODES), 'wicki-hayden'),
    transpose: orDefault(int(-24, 24), 0),
  }),
};

/**
 * Reads settings from raw stored text. Never throws: unparsable text gives the defaults, and each field that
 * fails its check (hand-edited, older or newer app) falls back to its own default.
 */
export function parseSettings(raw: string | null, report: ReportBadValue = () => undefined): Settings {
  let stored: unknown;
  try {
    stored = raw === null ? {} : JSON.parse(raw);
  } catch {
    report(BAD_STORED_VALUE(SETTINGS_STORAGE_KEY, 'not JSON'));
    stored = {};
  }
  const isRecord = !!stored && typeof stored === 'object' && !Array.isArray(stored);
  if (!isRecord) report(BAD_STORED_VALUE(SETTINGS_STORAGE_KEY, 'expected object'));
  const record = isRecord ? (stored as Record<string, unknown>) : {};
  const result = { ...DEFAULT_SETTINGS } as Record<keyof Settings, unknown>;
  for (const key of Object.keys(FIELD_READERS) as (keyof Settings)[]) {
    if (!(key in record)) continue;
    const parsed = tryRead<unknown>(FIELD_READERS[key], record[key]);
    if (parsed.ok) result[key] = parsed.value;
    else report(BAD_STORED_VALUE(SETTINGS_STORAGE_KEY, `${key}: ${parsed.error.message}`));
  }
  return result as Settings;
}

export interface SettingsState extends Settings {
  update(patch: Partial<Settings>): void;
  reset(): void;
}

export type SettingsStore = StoreApi<SettingsState>;

/** Creates the settings store, loading from and persisting every change to `storage`. */
export function createSettingsStore(
  storage: KeyValueStorage,
  report: ReportBadValue = () => undefined,
): SettingsStore {
  const persist = (s: Settings) => {
    try {
      storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(s));
    } catch {
      // Full or locked storage: the session keeps working with in-memory settings.
    }
  };
  return createStore<SettingsState>((set, get) => ({
    ...parseSettings(readRaw(storage), report),
    update(patch) {
      set(patch);
      persist(pickSettings(get()));
    },
    reset() {
      set(DEFAULT_SETTINGS);
      persist(DEFAULT_SETTINGS);
    },
  }));
}

export function pickSettings(state: SettingsState): Settings {
  const out = {} as Record<keyof Settings, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) out[key] = state[key];
  return out as Settings;
}
