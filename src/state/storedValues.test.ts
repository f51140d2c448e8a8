import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualFirmware } from '../virtual-keyboard/VirtualFirmware.ts';
import { createDesignStore, DRAFTS_KEY } from './designStore.ts';
import { BACKUP_PREFIX, readBackup } from './layoutBackup.ts';
import { createSettingsStore, DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY } from './settingsStore.ts';
import { memoryStorage } from './storage.ts';
import { eepromStorage, PLUGGED_KEY, readPlugged } from './virtualKeyboards.ts';

/** Runs a start-up reader against storage holding `value` under `key`; returns what it reported. */
function startWith(
  key: string,
  value: string,
  read: (s: ReturnType<typeof memoryStorage>, r: (m: string) => void) => unknown,
) {
  const storage = memoryStorage({ [key]: value });
  const reports: string[] = [];
  let result: unknown;
  expect(() => (result = read(storage, (m) => reports.push(m)))).not.toThrow();
  return { storage, reports, result };
}

const draft = (vpid: number) => ({
  fileName: 'a.json',
  version: 'v3',
  definition: {
    name: 'A',
    vendorProductId: vpid,
    matrix: { rows: 1, cols: 1 },
    layouts: { keys: [{ x: 0, y: 0, w: 1, h: 1 }] },
  },
});

describe('start-up never depends on stored data being good', () => {
  it.each([
    ['{"v2":[{}],"v3":[]}', 1], // the value that gave a white page
    ['{', 1],
    ['[]', 1],
    ['{"v2":null,"v3":[]}', 1],
    [JSON.stringify({ v2: [], v3: [draft(1), { ...draft(2), definition: null }, draft(3)] }), 1],
    [JSON.stringify({ v2: [draft(1)], v3: [] }), 1], // a v3 draft in the v2 list
  ])(`${DRAFTS_KEY} = %s: bad drafts dropped and reported, good ones kept`, (value, reportCount) => {
    const { reports, result, storage } = startWith(DRAFTS_KEY, value, (s, r) =>
      createDesignStore(s, r).getState(),
    );
    expect(reports).toHaveLength(reportCount);
    expect(reports[0]).toMatch(/^Stored data "keyloom-design-drafts" was not valid and was dropped: /);
    const state = result as ReturnType<ReturnType<typeof createDesignStore>['getState']>;
    for (const d of [...state.drafts.v2, ...state.drafts.v3])
      expect(typeof d.definition.vendorProductId).toBe('number');
    if (value.includes('"definition":null')) {
      expect(state.drafts.v3.map((d) => d.definition.vendorProductId)).toEqual([1, 3]);
      // Storage now holds only the good drafts: the next start has nothing to report.
      expect(
        startWith(DRAFTS_KEY, storage.getItem(DRAFTS_KEY)!, (s, r) => createDesignStore(s, r)).reports,
      ).toEqual([]);
    }
  });

  it(`${DRAFTS_KEY}: 2000 fuzzed values never stop the store`, () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (v2, v3) => {
        const storage = memoryStorage({ [DRAFTS_KEY]: JSON.stringify({ v2: [v2], v3: [v3] }) });
        const state = createDesignStore(storage, () => undefined).getState();
        expect(state.shown.v2 === null || typeof state.shown.v2 === 'number').toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it.each(['{', 'null', '[1]', '"x"', '{"language":"xx","renderMode":5,"themeMode":"dark"}'])(
    `${SETTINGS_STORAGE_KEY} = %s: defaults for what is bad, reported`,
    (value) => {
      const { reports, result } = startWith(SETTINGS_STORAGE_KEY, value, (s, r) =>
        createSettingsStore(s, r).getState(),
      );
      expect(reports.length).toBeGreaterThan(0);
      expect((result as { language: string }).language).toBe(DEFAULT_SETTINGS.language);
    },
  );

  it.each(['{', '{"a":1}', '[1,2]', '"aurora75"'])(`${PLUGGED_KEY} = %s: dropped and reported`, (value) => {
    const { reports, result, storage } = startWith(PLUGGED_KEY, value, (s, r) => readPlugged(s, r));
    expect(result).toBeNull();
    expect(reports).toHaveLength(1);
    expect(storage.getItem(PLUGGED_KEY)).toBeNull();
  });

  const image = (o: unknown) => btoa(JSON.stringify(o));
  it.each([
    ['not base64', '%%%'],
    ['not JSON', btoa('{')],
    ['a keymap of strings', image({ keymap: ['a'] })],
    ['a byte out of range', image({ macros: [300] })],
    ['matrix of the wrong shape', image({ matrix: { frames: 'x' } })],
  ])('keyloom-vk-eeprom:* with %s: factory-fresh board, reported', (_, value) => {
    const { reports, result } = startWith('keyloom-vk-eeprom:demo', value, (s, r) => {
      const storage = eepromStorage(s, r);
      const fw = new VirtualFirmware(
        {
          name: 'T',
          vendorId: 1,
          productId: 2,
          protocol: 12,
          rows: 1,
          cols: 2,
          layers: 1,
          macroCount: 1,
          macroBufferSize: 8,
          encoders: 0,
          layoutOptionBytes: 1,
        },
        { storage, storageKey: 'demo' },
      );
      return fw.macroBuffer();
    });
    expect(reports).toHaveLength(1);
    expect([...(result as Uint8Array)]).toEqual(new Array(8).fill(0));
  });

  it.each([
    ['not JSON', '{'],
    ['no layout', '{"savedAt":1}'],
    ['a layout without layers', JSON.stringify({ savedAt: 1, layout: { name: 'x', vendorProductId: 7 } })],
    [
      'another keyboard’s layout',
      JSON.stringify({ savedAt: 1, layout: { name: 'x', vendorProductId: 8, layers: [['KC_A']] } }),
    ],
  ])(`${BACKUP_PREFIX}* with %s: no backup row, reported`, (_, value) => {
    const { reports, result, storage } = startWith(`${BACKUP_PREFIX}7`, value, (s, r) => readBackup(s, 7, r));
    expect(result).toBeNull();
    expect(reports).toHaveLength(1);
    expect(storage.getItem(`${BACKUP_PREFIX}7`)).toBeNull();
  });

  it('good values read back unchanged, with nothing reported', () => {
    const layout = { name: 'x', vendorProductId: 7, layers: [['KC_A']] };
    const { reports, result } = startWith(
      `${BACKUP_PREFIX}7`,
      JSON.stringify({ savedAt: 1, layout }),
      (s, r) => readBackup(s, 7, r),
    );
    expect(result).toEqual({ savedAt: 1, layout });
    expect(reports).toEqual([]);
  });
});
