import { describe, expect, it } from 'vitest';
import {
  demoDefinition,
  memoryFetch,
  minimumLoadReports,
  servedFiles,
} from '../../tests/support/servedDefinitions.ts';
import { createErrorStore } from '../state/errorStore.ts';
import { memoryStorage } from '../state/storage.ts';
import { configFromDefinition, DEMO_KEYBOARDS, type VirtualHidDevice } from '../virtual-keyboard/index.ts';
import { DeviceRuntime } from './DeviceRuntime.ts';

const BASE = 'http://app/';
const DEMOS = DEMO_KEYBOARDS.map((demo) => ({ demo, served: demoDefinition(demo.source) }));

function runtime(storage = memoryStorage()) {
  const requests: string[] = [];
  const files = servedFiles(DEMOS.map((d) => d.served));
  const errors = createErrorStore();
  const app = new DeviceRuntime(storage, errors, BASE, { fetch: memoryFetch(files, BASE, requests) });
  const sent = () => app.commandLog.filter((e) => e.direction === 'out').map((e) => e.bytes);
  return { app, requests, sent, errors };
}

/** Reports one load of the demo takes on its own: the least the app's path may send. */
function minimumReports(id: string): Promise<number> {
  const { demo, served } = DEMOS.find((d) => d.demo.id === id)!;
  const config = configFromDefinition(served.definition, { protocol: demo.protocol, ...demo.firmware });
  return minimumLoadReports(config, served);
}

describe('device runtime: each keyboard loaded once', () => {
  it.each(DEMO_KEYBOARDS.map((d) => d.id))(
    'plugging the %s demo reads it once: the fewest reports, no request twice',
    async (id) => {
      const { app, sent } = runtime();
      await app.plugDemo(id);
      expect(app.store.getState().phase).toBe('ready');
      const requests = sent().map((bytes) => bytes.join(' '));
      expect(new Set(requests).size).toBe(requests.length);
      expect(requests.length).toBe(await minimumReports(id));
    },
  );

  it('a fresh start fetches the index, the definition and the vendor configs once each', async () => {
    const { app, requests, sent } = runtime();
    await app.start('');
    expect(app.store.getState().keyboard?.definition.name).toBe('Keyloom Aurora 75');
    expect([...requests].sort()).toEqual([
      'definitions/supported_kbs.json',
      `definitions/v3/${DEMOS[0]!.served.definition.vendorProductId}.json`,
      'tabkb/configs.json',
    ]);
    expect(sent().length).toBe(await minimumReports('aurora75'));
  });

  it('a fresh start with ?virtual=<id> connects that demo alone (not the default one behind it)', async () => {
    const { app } = runtime();
    await app.start('?virtual=lumen65');
    const devices = app.store.getState().devices;
    expect(devices.map((d) => d.productName)).toEqual([app.store.getState().keyboard?.definition.name]);
    expect(app.store.getState().keyboard?.definition.name).not.toBe('Keyloom Aurora 75');
  });

  it('with several remembered boards, loads only the one it selects', async () => {
    const storage = memoryStorage({ 'keyloom-virtual-keyboards': '["lumen65","orbitpad"]' });
    const { app, sent } = runtime(storage);
    await app.start('');
    expect(app.store.getState().keyboard?.definition.name).toBe('Keyloom Orbit Pad');
    // Two protocol reads (one per board), the Vial question to the Lumen (VIA protocol 9), then the Orbit Pad's
    // load.
    expect(sent().length).toBe(2 + (await minimumReports('orbitpad')));
  });

  it('a load superseded by another selection stops before its next request', async () => {
    const { app } = runtime();
    await app.plugDemo('lumen65');
    await app.plugDemo('orbitpad');
    const [lumen, orbit] = app.store.getState().devices;
    const devices = await app.provider.devices();
    const firmware = (path: string) =>
      (devices.find((d) => d.path === path)!.device as VirtualHidDevice).firmware;
    // Count what reaches each board's firmware from here on; the third Lumen report makes the user choose
    // the Orbit Pad while the Lumen load is under way.
    const counts = new Map<string, number>();
    let second: Promise<void> | null = null;
    for (const d of [lumen!, orbit!]) {
      const fw = firmware(d.path);
      const handle = fw.handleReport.bind(fw);
      fw.handleReport = (request) => {
        counts.set(d.path, (counts.get(d.path) ?? 0) + 1);
        if (d === lumen && counts.get(d.path) === 3) second = app.store.getState().select(orbit!.path);
        return handle(request);
      };
    }
    const full = await minimumReports('lumen65');
    await app.store.getState().select(lumen!.path);
    await second;
    const atSwitch = 3;
    expect(app.store.getState().keyboard?.definition.name).toBe('Keyloom Orbit Pad');
    // At most the request already in flight reaches the Lumen after the switch.
    expect(counts.get(lumen!.path)! - atSwitch).toBeLessThanOrEqual(1);
    expect(counts.get(lumen!.path)!).toBeLessThan(full - 1);
    expect(counts.get(orbit!.path)).toBe((await minimumReports('orbitpad')) - 1);
  });

  it('a superseded load logs no errors of its own', async () => {
    const { app, errors } = runtime();
    await app.plugDemo('aurora75');
    await app.plugDemo('orbitpad');
    const [aurora, orbit] = app.store.getState().devices;
    const first = app.store.getState().select(aurora!.path);
    await Promise.resolve();
    await Promise.all([first, app.store.getState().select(orbit!.path)]);
    expect(errors.getState().errors).toEqual([]);
  });

  it("a refresh reuses each board's protocol; the doctor's recheck asks every board again", async () => {
    const { app, sent } = runtime();
    await app.plugDemo('aurora75');
    const protocolReads = () => sent().filter((bytes) => bytes[0] === 0x01).length;
    expect(protocolReads()).toBe(1);
    await app.store.getState().refresh();
    expect(protocolReads()).toBe(1);
    await app.store.getState().refresh({ recheck: true });
    expect(protocolReads()).toBe(2);
  });
});

describe('device runtime: stores only some keyboards or screens use', () => {
  it('are not created by a start with the default demo; a Vial keyboard creates its features store', async () => {
    const { app } = runtime();
    await app.start('');
    for (const lazy of [
      app.transfers,
      app.matrix,
      app.design,
      app.debug,
      app.firmwareOptions,
      app.firmwareFlows,
    ])
      expect(lazy.current).toBeNull();
    expect(app.vialFeatures.current).toBeNull();
    await app.plugDemo('vial-demo');
    await expect.poll(() => app.vialFeatures.current?.getState().status).toBe('ready');
    expect(app.vialFeatures.current!.getState().data?.counts.tapDance).toBeGreaterThan(0);
  });

  it('stored design drafts are checked at start-up: a damaged list is reported before the Design tab opens', async () => {
    const { app, errors } = runtime(memoryStorage({ 'keyloom-design-drafts': '{"v2":[{}],"v3":[]}' }));
    await expect
      .poll(() =>
        errors
          .getState()
          .errors.map((e) => e.message)
          .join('\n'),
      )
      .toContain('keyloom-design-drafts');
    expect(app.design.current).not.toBeNull();
    expect(runtime().app.design.current).toBeNull();
  });

  it('a `?firmware=` link creates the firmware options, which the modal reads', async () => {
    const { app } = runtime();
    await app.start('?firmware=4b4c:0002');
    await expect
      .poll(() => app.firmwareOptions.current?.getState().options)
      .toEqual({
        vendorId: 0x4b4c,
        productId: 0x0002,
      });
  });
});
