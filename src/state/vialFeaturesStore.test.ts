import { describe, expect, it } from 'vitest';
import { fakeFirmware } from '../../tests/support/fakeVialFirmware.ts';
import {
  createVialFeaturesStore,
  ENTRY_STAYED_LOCKED,
  followKeyboard,
  type VialKeyboardInfo,
} from './vialFeaturesStore.ts';

const td = { onTap: 0x04, onHold: 0xe0, onDoubleTap: 0, onTapHold: 0, tappingTerm: 180 };

describe('the Vial features store', () => {
  it('loads everything, then shows an edit at once and keeps it once written', async () => {
    const fw = fakeFirmware();
    const store = createVialFeaturesStore();
    await store.getState().load(fw.link, 6);
    expect(store.getState().status).toBe('ready');
    const write = store.getState().setEntry('tapDance', 0, td);
    expect(store.getState().data!.tapDance[0]).toEqual(td);
    expect(await write).toBe(true);
    expect(fw.entries[1]![0]).toEqual([0x04, 0, 0xe0, 0, 0, 0, 0, 0, 0xb4, 0]);
    expect(store.getState().failure).toBeNull();
  });

  it('puts the old entry back with the message when the write fails', async () => {
    const fw = fakeFirmware({ refuse: true });
    const store = createVialFeaturesStore();
    await store.getState().load(fw.link, 6);
    expect(await store.getState().setEntry('tapDance', 0, td)).toBe(false);
    expect(store.getState().data!.tapDance[0]!.onTap).toBe(0);
    expect(store.getState().failure).toEqual({
      message: 'The keyboard refused tap dance 0',
      target: { kind: 'tapDance', index: 0 },
    });
  });

  it('after a garbled reply shows what the keyboard holds (read once more), with the message', async () => {
    const fw = fakeFirmware();
    const store = createVialFeaturesStore();
    await store.getState().load(fw.link, 6);
    const real = fw.link.vial.bind(fw.link);
    let garble = true;
    fw.link.vial = async (request) => {
      const reply = await real(request);
      if (garble && request[1] === 0x0b) {
        garble = false;
        reply[0] = 0xff;
      }
      return reply;
    };
    expect(await store.getState().setSetting(7, 250)).toBe(false);
    expect(fw.settings.get(7)).toEqual([0xfa, 0]);
    expect(store.getState().data!.settings[7]).toBe(250);
    expect(store.getState().failure?.message).toBe('The keyboard refused QMK setting 7');
  });

  it('writes settings, rolls a refused one back, and resets to the firmware’s values', async () => {
    const fw = fakeFirmware();
    const store = createVialFeaturesStore();
    await store.getState().load(fw.link, 6);
    expect(await store.getState().setSetting(7, 250)).toBe(true);
    expect(fw.settings.get(7)).toEqual([0xfa, 0]);
    expect(await store.getState().resetSettings()).toBe(true);
    expect(store.getState().data!.settings[7]).toBe(200);

    const refusing = fakeFirmware({ refuse: true });
    const other = createVialFeaturesStore();
    await other.getState().load(refusing.link, 6);
    expect(await other.getState().setSetting(7, 250)).toBe(false);
    expect(other.getState().data!.settings[7]).toBe(200);
    expect(other.getState().failure?.target).toEqual({ kind: 'setting', qsid: 7 });
  });

  it('a failed read is kept for the pane and logged once', async () => {
    const logged: string[] = [];
    const store = createVialFeaturesStore({ logError: (m) => logged.push(m) });
    await store.getState().load({ vial: () => Promise.reject(new Error('No reply from the keyboard')) }, 6);
    expect(store.getState().status).toBe('failed');
    expect(logged).toEqual([
      'Reading tap dance, combos, key overrides and QMK settings failed: No reply from the keyboard',
    ]);
  });

  it('asks for the unlock before an entry puts QK_BOOT where it acts; cancelled, nothing is written', async () => {
    const fw = fakeFirmware();
    let answer = false;
    const asked: string[] = [];
    const store = createVialFeaturesStore({
      bootKeycode: () => 0x7c00,
      ensureUnlocked: () => {
        asked.push('unlock');
        return Promise.resolve(answer);
      },
    });
    await store.getState().load(fw.link, 6);
    const sent = fw.sent.length;
    // A combo's keys are triggers: QK_BOOT there needs no unlock.
    expect(await store.getState().setEntry('combo', 0, { keys: [0x7c00, 0, 0, 0], output: 0 })).toBe(true);
    expect(asked).toEqual([]);
    const boot = { keys: [0x0d, 0x0e, 0, 0] as [number, number, number, number], output: 0x7c00 };
    expect(await store.getState().setEntry('combo', 1, boot)).toBe(false);
    expect(asked).toEqual(['unlock']);
    expect(store.getState().failure?.message).toBe(ENTRY_STAYED_LOCKED);
    expect(store.getState().data!.combos[1]!.output).toBe(0);
    expect(fw.sent).toHaveLength(sent + 2);
    answer = true;
    expect(await store.getState().setEntry('combo', 1, boot)).toBe(true);
    expect(fw.entries[3]![1]).toEqual([0x0d, 0, 0x0e, 0, 0, 0, 0, 0, 0x00, 0x7c]);
  });

  it('sends nothing for an edit that changes nothing', async () => {
    const fw = fakeFirmware();
    const store = createVialFeaturesStore();
    await store.getState().load(fw.link, 6);
    const before = fw.sent.length;
    expect(await store.getState().setSetting(7, 200)).toBe(true);
    expect(await store.getState().setEntry('combo', 0, { keys: [0, 0, 0, 0], output: 0 })).toBe(true);
    expect(fw.sent).toHaveLength(before);
  });

  it('applies a loaded file: only what differs, each read back', async () => {
    const fw = fakeFirmware();
    const store = createVialFeaturesStore();
    await store.getState().load(fw.link, 6);
    fw.sent.length = 0;
    const failures = await store.getState().apply({
      tapDance: new Map([[1, td]]),
      combos: new Map([[0, { keys: [0, 0, 0, 0], output: 0 }]]),
      keyOverrides: new Map(),
      settings: new Map([
        [7, 200],
        [1, 3],
      ]),
      notices: [],
    });
    expect(failures).toEqual([]);
    expect(fw.sent).toEqual([
      'fe 0d 02 01 04 00 e0 00 00 00 00 00 b4 00',
      'fe 0d 01 01',
      'fe 0b 01 00 03',
      'fe 0a 01 00',
    ]);
    expect(store.getState().snapshot()!.settings[1]).toBe(3);
  });

  it('follows the selected keyboard: loads a Vial one, clears when it goes', async () => {
    const fw = fakeFirmware();
    const store = createVialFeaturesStore();
    let listener: (info: VialKeyboardInfo | null, device: unknown) => void = () => {};
    followKeyboard(
      store,
      (l) => {
        listener = l;
        return () => {};
      },
      () => fw.link,
    );
    listener({ protocol: 6, uid: 'aa' }, 'device-1');
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().status).toBe('ready');
    const sent = fw.sent.length;
    listener({ protocol: 6, uid: 'aa' }, 'device-1');
    expect(fw.sent).toHaveLength(sent);
    listener(null, null);
    expect(store.getState().status).toBe('none');
  });
});
