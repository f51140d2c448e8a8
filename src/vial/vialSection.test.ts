import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETTING_SPECS, settingLimit } from './qmkSettings.ts';
import { buildVialSection, fitVialSection, parseVialSection } from './vialSection.ts';
import { combo, keyOverride, tapDance } from '../../tests/support/vialArbitraries.ts';

const numberIds = [...SETTING_SPECS.values()].filter((s) => s.kind === 'number').map((s) => s.qsid);

describe('the .layout.json vial object (properties)', () => {
  for (const protocol of [9, 12]) {
    it(`saved and loaded on the same board gives back every entry and setting (protocol ${protocol})`, () => {
      fc.assert(
        fc.property(
          fc.array(tapDance, { maxLength: 4 }),
          fc.array(combo, { maxLength: 4 }),
          fc.array(keyOverride, { maxLength: 4 }),
          fc.dictionary(fc.constantFrom(...numberIds.map(String)), fc.nat({ max: 50 })),
          (tapDance, combos, keyOverrides, raw) => {
            const settings = Object.fromEntries(Object.entries(raw).map(([k, v]) => [Number(k), v]));
            const json = JSON.parse(
              JSON.stringify(buildVialSection({ tapDance, combos, keyOverrides, settings }, protocol)),
            ) as unknown;
            const section = parseVialSection(json);
            expect(section).not.toBeNull();
            const fitted = fitVialSection(section!, {
              protocol,
              counts: { tapDance: tapDance.length, combos: combos.length, keyOverrides: keyOverrides.length },
              settings: numberIds,
            });
            expect(fitted.notices).toEqual([]);
            expect([...fitted.tapDance.values()]).toEqual(tapDance);
            expect([...fitted.combos.values()]).toEqual(combos);
            expect([...fitted.keyOverrides.values()]).toEqual(keyOverrides);
            expect(Object.fromEntries(fitted.settings)).toEqual(settings);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('leaves out a setting above its range, with a notice', () => {
    const fitted = fitVialSection(
      { settings: { '7': settingLimit(7) + 1 } },
      { protocol: 12, counts: { tapDance: 0, combos: 0, keyOverrides: 0 }, settings: [7] },
    );
    expect(fitted.settings.size).toBe(0);
    expect(fitted.notices).toEqual([{ kind: 'settingsSkipped', qsids: [7] }]);
  });
});
