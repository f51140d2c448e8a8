import { describe, expect, it } from 'vitest';
import type { HidDeviceLike } from '../protocol/hidDevice.ts';
import { HidProvider, REAL_LIST_REUSE_MS, type HidLike } from './hidProvider.ts';

/** A browser's WebHID that counts how often it is asked for its list. */
function browserHid(devices: HidDeviceLike[]) {
  const hid = Object.assign(new EventTarget(), {
    asked: 0,
    async getDevices() {
      hid.asked++;
      return devices;
    },
    async requestDevice() {
      return [];
    },
  });
  return hid;
}
const noVirtual: HidLike = Object.assign(new EventTarget(), {
  getDevices: async () => [],
  requestDevice: async () => [],
});
const viaBoard = { collections: [{ usagePage: 0xff60, usage: 0x61 }] } as unknown as HidDeviceLike;

describe('HID provider', () => {
  it('asks the browser for its list again only after a change or a second: each list is a round trip', async () => {
    let now = 0;
    const hid = browserHid([viaBoard]);
    const provider = new HidProvider(hid, noVirtual, () => now);
    expect(await provider.devices()).toHaveLength(1);
    now += 100;
    await provider.devices();
    expect(hid.asked).toBe(1);
    hid.dispatchEvent(new Event('connect'));
    await provider.devices();
    expect(hid.asked).toBe(2);
    await provider.authorizeNew();
    await provider.devices();
    expect(hid.asked).toBe(3);
    now += REAL_LIST_REUSE_MS;
    await provider.devices();
    expect(hid.asked).toBe(4);
  });

  it('names the VIA keyboards just granted by the path it lists them under', async () => {
    const other = { collections: [{ usagePage: 0x01, usage: 0x06 }] } as unknown as HidDeviceLike;
    const hid = Object.assign(browserHid([viaBoard]), { requestDevice: async () => [other, viaBoard] });
    const provider = new HidProvider(hid, noVirtual);
    const granted = await provider.authorizeNew();
    expect(granted).toEqual((await provider.devices()).map((d) => d.path));
    expect(granted).toHaveLength(1);
  });
});
