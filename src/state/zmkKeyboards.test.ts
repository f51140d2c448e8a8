import { describe, expect, it, vi } from 'vitest';
import { zmkFamily } from '../families/zmkFamily.ts';
import { serialZmkTransport } from '../transport/zmkSerialTransport.ts';
import { zmkDemoKeyboard, zmkDemoPeripheral } from '../virtual-keyboard/zmk/zmkDemoKeyboard.ts';
import { deviceName } from '../virtual-keyboard/zmk/zmkHostileReplies.ts';
import { createZmkKeyboards, type ZmkConnectResult } from './zmkKeyboards.ts';

/** The list over the ZMK family's own demo, and a peripheral half (no Studio: it never answers). */
async function keyboards() {
  const make = await zmkFamily.demos.config();
  const logged: string[] = [];
  const removed: string[] = [];
  const list = createZmkKeyboards({
    async find(kind, choice): Promise<ZmkConnectResult> {
      if (kind === 'virtual')
        return { ok: true, virtualId: choice!, ...make({ settings: null, onSaved() {} }) };
      if (kind === 'serial' && choice === 'long-name') {
        const hostile = zmkDemoKeyboard();
        hostile.faults.rewrite = deviceName('K'.repeat(1000));
        return { ok: true, transport: serialZmkTransport(hostile.serialPort) };
      }
      if (kind === 'serial')
        return { ok: true, transport: serialZmkTransport(zmkDemoPeripheral().serialPort) };
      return { ok: false, problem: 'noWebBluetooth' };
    },
    logError: (m) => logged.push(m),
    onRemoved: (entry) => removed.push(entry.virtualId ?? entry.path),
    clientOptions: { silenceTimeoutMs: 50 },
  });
  return { list, logged, removed };
}

describe('ZMK keyboards beside the others', () => {
  it('recognises a keyboard through the ZMK family: named at once (while locked), shown, loading', async () => {
    const { list } = await keyboards();
    await list.getState().connect('virtual', 'zmk-demo');
    const [entry] = list.getState().keyboards;
    expect(entry).toMatchObject({ name: 'Keyloom Split 42', kind: 'virtual', virtualId: 'zmk-demo' });
    expect(entry!.capabilities.lock).toBe('zmk');
    expect(list.getState().selectedPath).toBe(entry!.path);
    await vi.waitFor(() => expect(entry!.store.getState().lock.state).toBe('locked'));
    // Asked again, the same demo is only shown again, not plugged twice.
    list.getState().select(null);
    await list.getState().connect('virtual', 'zmk-demo');
    expect(list.getState().keyboards).toHaveLength(1);
    expect(list.getState().selectedPath).toBe(entry!.path);
  });

  it('lists a keyboard that answers nothing (a split’s peripheral half) as failed, with the reason', async () => {
    const { list } = await keyboards();
    await list.getState().connect('serial');
    const store = list.getState().keyboards[0]!.store;
    expect(store.getState().phase).toBe('failed');
    expect(store.getState().failure).toMatchObject({ code: 'timeout', request: 'core.getDeviceInfo' });
  });

  it('lists a keyboard whose name no ZMK keyboard can have as failed, naming the length and the limit', async () => {
    const { list } = await keyboards();
    await list.getState().connect('serial', 'long-name');
    const entry = list.getState().keyboards[0]!;
    expect(entry.name).toBe('USB serial 1d50:615e');
    expect(entry.store.getState().phase).toBe('failed');
    expect(entry.store.getState().failure).toMatchObject({
      code: 'overLimit',
      request: 'core.getDeviceInfo',
      over: { what: 'text', value: 1000, limit: 256 },
    });
  });

  it('says why a way to connect is missing, and forgets a removed keyboard', async () => {
    const { list, removed } = await keyboards();
    await list.getState().connect('bluetooth');
    expect(list.getState().problem).toEqual({ kind: 'bluetooth', problem: 'noWebBluetooth' });
    await list.getState().connect('virtual', 'zmk-demo');
    await list.getState().remove(list.getState().keyboards[0]!.path);
    expect(list.getState().keyboards).toEqual([]);
    expect(list.getState().selectedPath).toBeNull();
    expect(removed).toEqual(['zmk-demo']);
  });
});
