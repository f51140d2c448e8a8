import { describe, expect, it, vi } from 'vitest';
import { ViaClient } from '../protocol/viaClient.ts';
import { createVialRgbStore } from '../state/vialRgbStore.ts';
import { VirtualFirmware, VirtualHidDevice } from '../virtual-keyboard/index.ts';
import { VIAL_DEMO_RGB, vialDemoConfig } from '../virtual-keyboard/vial/vialDemo.ts';
import { refusalText, type Refusal } from '../lib/refusal.ts';
import { readVialRgb, saveVialRgb, VialRgbError, writeVialRgbMode } from './vialRgb.ts';

/**
 * A client on the virtual Vial demo (VialRGB), every report it sends recorded as hex (trailing zeros cut). With
 * `held`, replies wait until `release()` (a write kept on the wire while a test acts).
 */
function demo({ held = false } = {}) {
  const firmware = new VirtualFirmware(vialDemoConfig());
  const waiting: (() => void)[] = [];
  const device = new VirtualHidDevice(firmware, 'v', (fn) => (held ? waiting.push(fn) : queueMicrotask(fn)));
  if (held) device.faults.latencyMs = 1;
  const sent: string[] = [];
  const client = new ViaClient(device, {
    replyTimeoutMs: held ? 10_000 : 200,
    onLog: (e) => {
      if (e.direction !== 'out') return;
      const bytes = [...e.bytes];
      while (bytes.length > 1 && bytes[bytes.length - 1] === 0) bytes.pop();
      sent.push(bytes.map((b) => b.toString(16).padStart(2, '0')).join(' '));
    },
  });
  const rgb = () => firmware.vial!.rgbState()!;
  const release = () => waiting.splice(0).forEach((fn) => fn());
  return { client, sent, device, rgb, release };
}

const START = { effect: 14, speed: 127, hue: 0, saturation: 255, brightness: 200 };

describe('VialRGB service on the virtual Vial keyboard', () => {
  it('reads info, mode and the supported effects in 4 requests (17 effects: two supported replies)', async () => {
    const { client, sent } = demo();
    const data = await readVialRgb(client);
    expect(sent).toEqual(['08 40', '08 41', '08 42', '08 42 27']);
    expect(data).toEqual({
      info: { version: 1, maxBrightness: 200 },
      mode: START,
      effects: [0, ...VIAL_DEMO_RGB.effects],
    });
  });

  it('a change is one set (the whole mode) and one read of the mode; the keyboard holds it in RAM', async () => {
    const { client, sent, rgb } = demo();
    const asked = { effect: 6, speed: 0x40, hue: 0xaa, saturation: 0x80, brightness: 0x64 };
    expect(await writeVialRgbMode(client, asked, START, 200)).toEqual(asked);
    expect(sent).toEqual(['07 41 06 00 40 aa 80 64', '08 41']);
    expect(rgb().ram).toEqual(asked);
    expect(rgb().saved).toEqual(START);
  });

  it('turning off keeps the colour the firmware holds (it ignores the colour while off)', async () => {
    const { client, sent } = demo();
    const off = { ...START, effect: 0, hue: 9, saturation: 9, brightness: 9 };
    expect(await writeVialRgbMode(client, off, START, 200)).toEqual({ ...START, effect: 0 });
    expect(sent).toEqual(['07 41 00 00 7f 09 09 09', '08 41']);
  });

  it('an effect the keyboard lacks is a VialRgbError carrying what it holds instead', async () => {
    const { client } = demo();
    const error = await writeVialRgbMode(client, { ...START, effect: 7 }, START, 200).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(VialRgbError);
    expect((error as VialRgbError).holds).toEqual({ ...START, effect: 2 });
  });

  it('save is one 09 request; the EEPROM copy then equals RAM', async () => {
    const { client, sent, rgb } = demo();
    await writeVialRgbMode(client, { ...START, effect: 24 }, START, 200);
    await saveVialRgb(client);
    expect(sent.at(-1)).toBe('09');
    expect(rgb().saved).toEqual({ ...START, effect: 24 });
  });

  it('another VialRGB protocol version is refused by name', async () => {
    const { client, device } = demo();
    device.faults.inject({ kind: 'overwrite', offset: 2, bytes: [2] }, { command: 0x08 });
    await expect(readVialRgb(client)).rejects.toThrow(
      'VialRGB protocol 2, newer than the version 1 Keyloom knows',
    );
  });

  it('during an unfinished Vial unlock (requests come back as sent) it says so, not "update its firmware"', async () => {
    const { client } = demo();
    await client.requestRaw([0xfe, 0x06]); // Vial unlock start: the firmware now ignores everything else
    const error = await readVialRgb(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VialRgbError);
    expect((error as VialRgbError).unlockUnfinished).toBe(true);
    expect((error as Error).message).toContain('Vial unlock is unfinished');
    expect((error as Error).message).not.toContain('update its firmware');
  });

  it('a keyboard answering 0xFF (no VialRGB in its firmware) is named, without retries', async () => {
    const { client, device, sent } = demo();
    device.faults.inject({ kind: 'unhandled' }, { command: 0x08 });
    await expect(readVialRgb(client)).rejects.toThrow('does not answer VialRGB requests');
    expect(sent).toEqual(['08 40']);
  });
});

describe('VialRGB store: instant writes, rollback, save', () => {
  it('a write the keyboard did not take is named, and the pane goes back to what it holds', async () => {
    const { client, device, rgb } = demo();
    const store = createVialRgbStore(client);
    await store.getState().load();
    device.firmware.vial!.ignoreRgbWrites(true);
    const written = store.getState().change({ brightness: 50 });
    expect(store.getState().data!.mode.brightness).toBe(50); // shown at once
    expect(await written).toBe(false);
    expect(store.getState().data!.mode).toEqual(START);
    // A code the page words in the user's language; its English for logs names the difference.
    const failure = store.getState().failure as Refusal;
    expect(failure.code).toBe('vialRgb.holdsOther');
    expect(refusalText(failure)).toMatch(/holds effect 14, speed 127, colour 0\/255, brightness 200 instead/);
    expect(rgb().ram).toEqual(START);
  });

  it('a write whose reply is lost shows what the keyboard holds once read again (here: the change landed)', async () => {
    const { client, device, rgb } = demo();
    const store = createVialRgbStore(client);
    await store.getState().load();
    device.faults.inject({ kind: 'drop' }, { command: 0x07, times: 'always' });
    expect(await store.getState().change({ brightness: 50 })).toBe(false);
    expect(store.getState().failure).toMatch(/No reply from the keyboard/);
    expect(rgb().ram.brightness).toBe(50);
    expect(store.getState().data!.mode.brightness).toBe(50);
  });

  it('a write whose reply and read-back are both lost puts back the last mode the keyboard confirmed', async () => {
    const { client, device } = demo();
    const store = createVialRgbStore(client);
    await store.getState().load();
    device.faults.inject({ kind: 'drop' }, { times: 'always' });
    expect(await store.getState().change({ brightness: 50 })).toBe(false);
    expect(store.getState().data!.mode).toEqual(START);
  });

  it('changes made while a write is on the wire collapse into the latest', async () => {
    const { client, sent, rgb, release } = demo({ held: true });
    const store = createVialRgbStore(client);
    const loaded = store.getState().load();
    await vi.waitFor(() => (release(), expect(store.getState().status).toBe('ready')));
    await loaded;
    sent.length = 0;
    const first = store.getState().change({ speed: 50 });
    await vi.waitFor(() => expect(sent).toEqual(['07 41 0e 00 32 00 ff c8'])); // on the wire, its reply held
    const later = [60, 70].map((speed) => store.getState().change({ speed }));
    expect(store.getState().data!.mode.speed).toBe(70); // shown at once
    await vi.waitFor(() => (release(), expect(sent).toHaveLength(4)));
    release();
    await vi.waitFor(() => (release(), expect(rgb().ram.speed).toBe(70)));
    release();
    expect(await Promise.all([first, ...later])).toEqual([true, true, true]);
    // 60 was never sent: the write after 50 carried 70.
    expect(sent).toEqual(['07 41 0e 00 32 00 ff c8', '08 41', '07 41 0e 00 46 00 ff c8', '08 41']);
    expect(store.getState().data!.mode.speed).toBe(70);
  });

  it('save waits for the writes before it and says so; a failed save keeps its message', async () => {
    const { client, device, rgb } = demo();
    const store = createVialRgbStore(client);
    await store.getState().load();
    void store.getState().change({ hue: 100 });
    expect(await store.getState().saveToKeyboard()).toBe(true);
    expect(store.getState().save).toEqual({ state: 'saved' });
    expect(rgb().saved.hue).toBe(100);
    device.faults.inject({ kind: 'unhandled' }, { command: 0x09 });
    expect(await store.getState().saveToKeyboard()).toBe(false);
    expect(store.getState().save.state).toBe('failed');
  });
});

describe('VialRGB store: reading', () => {
  it('a failed read is kept with its message; loading again reads afresh', async () => {
    const { client, device } = demo();
    const store = createVialRgbStore(client);
    device.faults.inject({ kind: 'unhandled' }, { command: 0x08 });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'failed', data: null });
    expect(store.getState().loadError).toEqual({ code: 'vialRgb.unhandled', values: {} });
    expect(refusalText(store.getState().loadError as Refusal)).toMatch(/does not answer VialRGB requests/);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', loadError: null });
    expect(store.getState().data!.mode).toEqual(START);
  });
});
