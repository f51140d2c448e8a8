import { describe, expect, it } from 'vitest';
import {
  createSettingsStore,
  DEFAULT_SETTINGS,
  parseSettings,
  SETTINGS_STORAGE_KEY,
} from './settingsStore.ts';
import { memoryStorage } from './storage.ts';

describe('settings store', () => {
  it('starts from the spec defaults on a fresh machine', () => {
    const s = createSettingsStore(memoryStorage()).getState();
    expect(s.themeName).toBe('OLIVIA_DARK');
    expect(s.designDefinitionVersion).toBe('v3');
    expect(s.showDesignTab).toBe(false);
    expect(s.disableFastRemap).toBe(false);
    expect(s.renderMode).toBe('2D');
    expect(s.macroEditor).toEqual({
      smartOptimizeEnabled: true,
      recordDelaysEnabled: false,
      tapEnterAtEOMEnabled: false,
    });
    expect(s.testKeyboardSoundsSettings).toMatchObject({
      isEnabled: true,
      volume: 100,
      waveform: 'sine',
      transpose: 0,
    });
  });

  it('persists every change under via-app-store and reads it back', () => {
    const storage = memoryStorage();
    createSettingsStore(storage)
      .getState()
      .update({ themeName: 'MATCHA', themeMode: 'light', language: 'ja' });
    expect(JSON.parse(storage.getItem(SETTINGS_STORAGE_KEY)!)).toMatchObject({
      themeName: 'MATCHA',
      themeMode: 'light',
    });
    const reloaded = createSettingsStore(storage).getState();
    expect([reloaded.themeName, reloaded.themeMode, reloaded.language]).toEqual(['MATCHA', 'light', 'ja']);
  });

  it('falls back to defaults for corrupt text without crashing', () => {
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('[1,2]')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('null')).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps good fields and replaces only the bad ones', () => {
    const parsed = parseSettings(
      JSON.stringify({
        showDesignTab: true,
        renderMode: '4D',
        themeMode: 'light',
        themeName: 42,
        testKeyboardSoundsSettings: { volume: 900, waveform: 'square', transpose: 3 },
      }),
    );
    expect(parsed.showDesignTab).toBe(true);
    expect(parsed.themeMode).toBe('light');
    expect(parsed.renderMode).toBe('2D');
    expect(parsed.themeName).toBe('OLIVIA_DARK');
    expect(parsed.testKeyboardSoundsSettings).toEqual({
      isEnabled: true,
      volume: 100,
      waveform: 'square',
      mode: 'wicki-hayden',
      transpose: 3,
    });
  });

  it('keeps working when storage writes throw', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const store = createSettingsStore(storage);
    store.getState().update({ showDesignTab: true });
    expect(store.getState().showDesignTab).toBe(true);
  });
});
