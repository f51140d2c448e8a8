import { describe, expect, it } from 'vitest';
import { fakeFirmware } from '../../tests/support/fakeVialFirmware.ts';
import { VirtualFirmware } from '../virtual-keyboard/VirtualFirmware.ts';
import { vialDemoConfig } from '../virtual-keyboard/vial/vialDemo.ts';
import { readVialFeatures, resetSettings, writeEntry, writeSetting, type VialLink } from './vialFeatures.ts';

describe('reading a Vial keyboard’s features', () => {
  it('takes one request for the counts, one per entry, one per 16 setting ids and one per known setting', async () => {
    const fw = fakeFirmware();
    const data = await readVialFeatures(fw.link, 6);
    expect(data.counts).toEqual({ tapDance: 2, combos: 3, keyOverrides: 1 });
    expect(data.tapDance).toHaveLength(2);
    expect(data.combos).toHaveLength(3);
    expect(data.keyOverrides).toHaveLength(1);
    expect(data.reportedSettings).toHaveLength(40);
    expect(data.settings).toEqual({ 1: 0, 7: 200, 21: 0 });
    // 1 count + 6 entries + 3 queries (40 ids) + 3 known settings; unknown ids are never read.
    expect(fw.sent).toHaveLength(13);
    expect(fw.sent[0]).toBe('fe 0d 00');
    expect(fw.sent.slice(1, 3)).toEqual(['fe 0d 01 00', 'fe 0d 01 01']);
    expect(fw.sent.filter((s) => s.startsWith('fe 09'))).toEqual([
      'fe 09 00 00',
      'fe 09 70 00',
      'fe 09 80 00',
    ]);
    expect(fw.sent.filter((s) => s.startsWith('fe 0a'))).toEqual([
      'fe 0a 01 00',
      'fe 0a 07 00',
      'fe 0a 15 00',
    ]);
    expect(new Set(fw.sent).size).toBe(fw.sent.length);
  });

  it('decides the panes: Lighting with VialRGB first, then each feature with entries, then QMK settings', async () => {
    expect((await readVialFeatures(fakeFirmware().link, 6)).panes).toEqual([
      'tapDance',
      'combos',
      'keyOverrides',
      'qmkSettings',
    ]);
    expect((await readVialFeatures(fakeFirmware().link, 6, true)).panes[0]).toBe('lighting');
    // A Vial 3 board is asked nothing, but VialRGB still gives it its Lighting pane.
    const old = fakeFirmware();
    expect((await readVialFeatures(old.link, 3, true)).panes).toEqual(['lighting']);
    expect((await readVialFeatures(old.link, 3)).panes).toEqual([]);
    const none = fakeFirmware({ settings: new Map() });
    expect((await readVialFeatures(none.link, 4)).panes).toEqual(['tapDance', 'combos']);
  });

  it('sends nothing to a Vial keyboard older than protocol 4, and reads no key overrides below 5', async () => {
    const old = fakeFirmware();
    expect((await readVialFeatures(old.link, 3)).counts).toEqual({ tapDance: 0, combos: 0, keyOverrides: 0 });
    expect(old.sent).toEqual([]);
    const v4 = fakeFirmware();
    const data = await readVialFeatures(v4.link, 4);
    expect(data.counts.keyOverrides).toBe(0);
    expect(v4.sent.some((s) => s.startsWith('fe 0d 05'))).toBe(false);
  });
});

describe('writing one entry or setting', () => {
  it('sends the entry and reads back only that one', async () => {
    const fw = fakeFirmware();
    const td = { onTap: 0x04, onHold: 0xe0, onDoubleTap: 0, onTapHold: 0, tappingTerm: 200 };
    expect(await writeEntry(fw.link, 'tapDance', 1, td)).toEqual(td);
    expect(fw.sent).toEqual(['fe 0d 02 01 04 00 e0 00 00 00 00 00 c8 00', 'fe 0d 01 01']);
  });

  it('fails when the keyboard refuses or reads back something else', async () => {
    const combo = { keys: [0x0d, 0x0e, 0, 0] as [number, number, number, number], output: 0x29 };
    await expect(writeEntry(fakeFirmware({ refuse: true }).link, 'combo', 0, combo)).rejects.toThrow(
      'The keyboard refused combo 0',
    );
    await expect(writeEntry(fakeFirmware({ corrupt: true }).link, 'combo', 0, combo)).rejects.toThrow(
      'combo 0 did not read back as written',
    );
  });

  it('writes a setting in its width and reads it back', async () => {
    const fw = fakeFirmware();
    expect(await writeSetting(fw.link, 7, 300)).toBe(300);
    expect(fw.sent).toEqual(['fe 0b 07 00 2c 01', 'fe 0a 07 00']);
    await expect(writeSetting(fakeFirmware({ refuse: true }).link, 7, 300)).rejects.toThrow(
      'The keyboard refused QMK setting 7',
    );
  });

  it('resets the settings and reads back the known ones', async () => {
    const fw = fakeFirmware();
    await writeSetting(fw.link, 7, 300);
    fw.sent.length = 0;
    expect(await resetSettings(fw.link, [1, 7, 21, 100])).toEqual({ 1: 0, 7: 200, 21: 0 });
    expect(fw.sent).toEqual(['fe 0c', 'fe 0a 01 00', 'fe 0a 07 00', 'fe 0a 15 00']);
  });
});

describe('against the Vial firmware model (vial-demo)', () => {
  const modelLink = (vialProtocol = 6) => {
    const fw = new VirtualFirmware(vialDemoConfig(vialProtocol));
    let requests = 0;
    const link: VialLink = {
      vial(request) {
        requests++;
        const report = new Uint8Array(32);
        report.set(request);
        return Promise.resolve(fw.handleReport(report)!);
      },
    };
    return { fw, link, requests: () => requests };
  };

  it('reads 16 of each entry and the settings the firmware reports', async () => {
    const { link, requests } = modelLink();
    const data = await readVialFeatures(link, 6);
    expect(data.counts).toEqual({ tapDance: 16, combos: 16, keyOverrides: 16 });
    expect(data.tapDance[0]!.tappingTerm).toBe(200);
    expect(data.reportedSettings).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(data.settings[7]).toBe(200);
    expect(data.settings[2]).toBe(50);
    // 1 + 48 entries + 2 queries (21 ids) + 21 settings.
    expect(requests()).toBe(1 + 48 + 2 + 21);
  });

  it('writes each kind and the keyboard’s EEPROM holds it', async () => {
    const { fw, link } = modelLink();
    const td = { onTap: 0x29, onHold: 0xe0, onDoubleTap: 0x39, onTapHold: 0, tappingTerm: 180 };
    await writeEntry(link, 'tapDance', 2, td);
    expect(fw.vial!.entry('tapDance', 2)).toEqual([0x29, 0, 0xe0, 0, 0x39, 0, 0, 0, 0xb4, 0]);
    await writeEntry(link, 'combo', 0, { keys: [0x0d, 0x0e, 0, 0], output: 0x29 });
    expect(fw.vial!.entry('combo', 0)).toEqual([0x0d, 0, 0x0e, 0, 0, 0, 0, 0, 0x29, 0]);
    const ko = {
      trigger: 0x2a,
      replacement: 0x4c,
      layers: 0x0003,
      triggerMods: 0x02,
      negativeModMask: 0,
      suppressedMods: 0x02,
      options: 0x87,
    };
    await writeEntry(link, 'keyOverride', 15, ko);
    expect(fw.vial!.entry('keyOverride', 15)).toEqual([0x2a, 0, 0x4c, 0, 0x03, 0, 0x02, 0, 0x02, 0x87]);
    await writeSetting(link, 7, 250);
    expect(fw.vial!.qmkSetting(7)).toEqual([0xfa, 0]);
    await writeSetting(link, 21, 0x81);
    expect(fw.vial!.qmkSetting(21)).toEqual([0x81, 0, 0, 0]);
  });

  it('a Vial 5 board has key overrides, a settings reset puts the defaults back', async () => {
    const { link } = modelLink(5);
    const data = await readVialFeatures(link, 5);
    expect(data.counts.keyOverrides).toBe(16);
    await writeSetting(link, 4, 300);
    expect((await resetSettings(link, data.reportedSettings))[4]).toBe(175);
  });
});
