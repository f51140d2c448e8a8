import { afterEach, describe, expect, it, vi } from 'vitest';
import { VirtualFirmware } from './VirtualFirmware.ts';
import { VirtualHidDevice } from './VirtualHidDevice.ts';
import { replyLog } from '../../tests/support/replyLog.ts';

const BOARD = {
  name: 'Scheduler test',
  vendorId: 0x4b4c,
  productId: 0x0003,
  protocol: 12,
  rows: 4,
  cols: 12,
  layers: 4,
  macroCount: 0,
  macroBufferSize: 0,
  encoders: 0,
  layoutOptionBytes: 1,
};

async function openDevice() {
  const device = new VirtualHidDevice(new VirtualFirmware(BOARD), 'test');
  await device.open();
  const { replies, send } = replyLog(device, 4);
  return { device, replies, send };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => vi.useRealTimers());

describe('virtual keyboard reply scheduling', () => {
  it('answers without any timer when no latency is configured', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval'] });
    const { replies, send } = await openDevice();
    for (let i = 0; i < 50; i++) await send(0x01);
    // Not one timer was started: nothing here is clamped to 4 ms (or 1 ms) per report.
    expect(vi.getTimerCount()).toBe(0);
    await vi.waitFor(() => expect(replies).toHaveLength(50));
    expect(replies[0]).toBe('01 00 0c 00');
  });

  it('answers after the caller has finished its turn, in the order asked', async () => {
    const { replies, send } = await openDevice();
    void send(0x01);
    void send(0x11);
    void send(0x04, 0, 0, 1);
    await Promise.resolve();
    expect(replies).toEqual([]);
    await settle();
    await settle();
    expect(replies).toEqual(['01 00 0c 00', '11 04 00 00', '04 00 00 01']);
  });

  it('keeps simulated latency for benches and fault tests', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { device, replies, send } = await openDevice();
    device.faults.latencyMs = 20;
    await send(0x11);
    await vi.advanceTimersByTimeAsync(19);
    expect(replies).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(replies).toEqual(['11 04 00 00']);
  });
});
