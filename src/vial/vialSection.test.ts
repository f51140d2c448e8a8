import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETTING_SPECS, settingLimit } from './qmkSettings.ts';
import { buildVialSection, fitVialSection, parseVialSection } from './vialSection.ts';

const u16 = fc.nat({ max: 0xffff });
const u8 = fc.nat({ max: 0xff });
const numberIds = [...SETTING_SPECS.values()].filter((s) => s.kind === 'number').map((s) => s.qsid);

describe('the .layout.json vial object (properties)', () => {
  for (const protocol of [9, 12]) {
    it(`saved and loaded on the same board gives back every entry and setting (protocol ${protocol})`, () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.record({ onTap: u16, onHold: u16, onDoubleTap: u16, onTapHold: u16, tappingTerm: u16 }),
            {
              maxLength: 4,
            },
          ),
          fc.array(fc.record({ keys: fc.tuple(u16, u16, u16, u16), output: u16 }), { maxLength: 4 }),
          fc.array(
            fc.record({
              trigger: u16,
              replacement: u16,
              layers: u16,
              triggerMods: u8,
              negativeModMask: u8,
              suppressedMods: u8,
              options: u8,
            }),
            { maxLength: 4 },
          ),
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
