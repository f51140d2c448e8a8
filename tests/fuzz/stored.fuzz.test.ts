import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFirmwareOptions } from '../../src/state/firmwareOptions.ts';
import { readBackup } from '../../src/state/layoutBackup.ts';
import { createSettingsStore, parseSettings, SETTINGS_STORAGE_KEY } from '../../src/state/settingsStore.ts';
import { memoryStorage, type KeyValueStorage } from '../../src/state/storage.ts';
import { eepromStorage, readPlugged } from '../../src/state/virtualKeyboards.ts';
import { VirtualFirmware } from '../../src/virtual-keyboard/VirtualFirmware.ts';
import { findDemo } from '../../src/virtual-keyboard/demoKeyboards.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzConfig.ts';

/** A stored value as another version of the app, an extension or a hand edit might have left it. */
const storedText = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc
    .record(
      {
        theme: fc.jsonValue({ maxDepth: 1 }),
        language: fc.constantFrom('en', 'zh', 'xx', 1, null),
        renderMode: fc.constantFrom('2D', '3D', '4D', 0),
        showDesignTab: fc.jsonValue({ maxDepth: 1 }),
        savedAt: fc.oneof(fc.integer(), fc.string()),
        layout: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
);

const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFg'), maxLength: 5 });

const snapshot = (storage: KeyValueStorage) => {
  const out: Record<string, string | null> = {};
  for (let i = 0; i < (storage.length ?? 0); i++) {
    const key = storage.key!(i)!;
    out[key] = storage.getItem(key);
  }
  return out;
};

describe('fuzz: stored values and URL switches', () => {
  it(
    'settings: any stored text gives valid settings, and reading writes nothing back',
    () => {
      fc.assert(
        fc.property(storedText, (raw) => {
          const settings = parseSettings(raw);
          expect(['en', 'zh', 'ko', 'ja']).toContain(settings.language);
          const storage = memoryStorage({ [SETTINGS_STORAGE_KEY]: raw, other: 'kept' });
          const before = snapshot(storage);
          createSettingsStore(storage);
          expect(snapshot(storage)).toEqual(before);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'plugged virtual keyboards and layout backups: a value, or the bad one dropped and reported — nothing else touched',
    () => {
      fc.assert(
        fc.property(storedText, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (raw, vendorProductId) => {
          const backupKey = `keyloom-layout-backup:${vendorProductId}`;
          const storage = memoryStorage({
            'keyloom-virtual-keyboards': raw,
            [backupKey]: raw,
            other: 'kept',
          });
          const reports: string[] = [];
          const report = (message: string) => void reports.push(message);
          const plugged = readPlugged(storage, report);
          expect(plugged === null || plugged.every((id) => typeof id === 'string')).toBe(true);
          const backup = readBackup(storage, vendorProductId, report);
          expect(backup === null || typeof backup.savedAt === 'number').toBe(true);
          // #18: a value that fails its schema is dropped and reported; a good one is left as it was; nothing is
          // ever rewritten, and other keys are never touched.
          const after = snapshot(storage);
          expect(after.other).toBe('kept');
          for (const [key, value] of [
            ['keyloom-virtual-keyboards', plugged],
            [backupKey, backup],
          ] as const) {
            if (value !== null) expect(after[key]).toBe(raw);
            else expect(after[key] === undefined || after[key] === raw).toBe(true);
            if (after[key] === undefined) expect(reports.length).toBeGreaterThan(0);
          }
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "virtual keyboard EEPROM: any stored image starts a board that answers (factory defaults if it's bad)",
    () => {
      const board = {
        name: findDemo('lumen65')!.name,
        vendorId: 0x4b4c,
        productId: 1,
        protocol: 12,
        rows: 5,
        cols: 15,
        layers: 4,
        macroCount: 4,
        macroBufferSize: 64,
        encoders: 1,
        layoutOptionBytes: 1,
        customChannels: [],
        customValues: [],
        defaultKeymap: [[0x29]],
      };
      fc.assert(
        fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.base64String({ maxLength: 400 })), (raw) => {
          const storage = memoryStorage({ 'keyloom-vk-eeprom:fuzz': raw });
          const firmware = new VirtualFirmware(board, {
            storage: eepromStorage(storage),
            storageKey: 'fuzz',
          });
          const request = new Uint8Array(32);
          request[0] = 0x11; // layer count
          expect(firmware.handleReport(request)?.[1]).toBe(4);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    '?firmware= switch: options for a well-formed id pair, else null',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ maxLength: 40 }),
            fc.tuple(hex, hex).map(([a, b]) => `?firmware=${a}:${b}`),
            fc.webQueryParameters().map((q) => `?${q}`),
          ),
          (search) => {
            const options = parseFirmwareOptions(search);
            if (options !== null) expect(options).toBeTypeOf('object');
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
