import { describe, expect, it } from 'vitest';
import { VirtualFirmware } from './VirtualFirmware.ts';
import { VirtualHidDevice } from './VirtualHidDevice.ts';
import { DEFAULT_CONFIG } from './config.ts';
import { FaultInjector } from './faults.ts';
import { replyLog } from '../../tests/support/replyLog.ts';

/** A board whose replies are read as their first three bytes, in hex. */
async function board() {
  const device = new VirtualHidDevice(
    new VirtualFirmware({ ...DEFAULT_CONFIG, name: 'Faults', vendorId: 1, productId: 2, rows: 1, cols: 1 }),
    'v',
    (fn) => queueMicrotask(fn),
  );
  await device.open();
  const log = replyLog(device);
  const send = async (...bytes: number[]) => {
    await log.send(...bytes);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { device, replies: log.replies, send };
}

describe('fault injection (its code apart from the first screen, issue 43)', () => {
  it('with nothing injected, a request gets no fault and the reply is the firmware’s', async () => {
    expect(new FaultInjector().take(0x01)).toBeNull();
    const { replies, send } = await board();
    await send(0x01);
    expect(replies).toEqual(['01 00 0c']);
  });

  it('loaded as the page’s automation loads it, injected faults alter, drop and then stop', async () => {
    const { device, replies, send } = await board();
    await device.loadFaultInjection();
    device.faults.inject({ kind: 'overwrite', offset: 1, bytes: [0xff, 0xff] }, { command: 0x01 });
    device.faults.inject({ kind: 'drop' }, { command: 0x11 });
    await send(0x11);
    await send(0x01);
    await send(0x01);
    expect(replies).toEqual(['01 ff ff', '01 00 0c']);
  });

  it('clear drops queued faults, the latency and the refusal to open', async () => {
    const { device, replies, send } = await board();
    await device.loadFaultInjection();
    device.faults.inject({ kind: 'unhandled' }, { times: 'always' });
    device.faults.latencyMs = 50;
    device.faults.refuseOpen = true;
    device.faults.clear();
    expect(device.faults).toMatchObject({ latencyMs: 0, refuseOpen: false, pending: [] });
    await send(0x01);
    expect(replies).toEqual(['01 00 0c']);
  });
});
