import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { DeviceState } from './deviceStore.ts';
import { createFirmwareFlowStore, flowOf, type FlowFile } from './firmwareFlowStore.ts';
import { createTransferStore } from './transferStore.ts';
import type { TransferOutcome } from '../transfer/tabTransfer.ts';
import { FirmwareFlowRunner } from './firmwareFlow.ts';

const KEY = '4b4c:0002';
const device = (path: string) => ({
  path,
  productName: 'Aurora',
  vendorId: 0x4b4c,
  productId: 2,
  vendorProductId: 0x4b4c0002,
  protocol: 12,
  family: 'via' as const,
  requiredDefinitionVersion: 'v3' as const,
  virtual: true,
  hasDefinition: true,
});
const file = (name: string): FlowFile => ({
  url: `https://app/${name}`,
  name,
  bytes: new Uint8Array(512),
  sha256: '',
});

/**
 * A keyboard that restarts after every file it takes (a new HID path each time), as the vendor's boards do;
 * `restarts: false` models one that never comes back.
 */
function harness(options: { restarts?: boolean; failOn?: string } = {}) {
  let generation = 1;
  const bootModes: number[] = [];
  const devices = createStore<DeviceState>((set) => ({
    phase: 'ready',
    devices: [device('hid-1')],
    selectedPath: 'hid-1',
    keyboard: {} as DeviceState['keyboard'],
    capabilities: null,
    vendorConfig: null,
    selectedLayer: 0,
    refresh: async () => undefined,
    select: async (path) => set({ selectedPath: path, phase: 'ready' }),
    authorizeNew: async () => undefined,
    setLayer: () => undefined,
    session: () => null,
    commands: () =>
      ({
        // Boot mode is custom-menu set 16, 10, 1; the parts read (66, 100) answers one part, v1.1.0.
        setCustomValue: async (channel: number, valueId: number, data: number[]) => {
          if (channel === 16 && valueId === 10 && data[0] === 1) bootModes.push(generation);
        },
        firmwareVersion: async () => 0x103,
        client: { request: async () => Uint8Array.from([0x08, 66, 100, 1, 0, 1, 1, 0]) },
      }) as unknown as ReturnType<DeviceState['commands']>,
    patchKeyboard: () => undefined,
    problems: [],
    definitionsChanged: async () => undefined,
  }));
  const flashed: string[] = [];
  const flows = createFirmwareFlowStore();
  const transfers = createTransferStore();
  const restart = () => {
    const path = `hid-${++generation}`;
    devices.setState({ devices: [], selectedPath: null, keyboard: null, phase: 'none' });
    devices.setState({ devices: [device(path)], selectedPath: path, phase: 'loading' });
    devices.setState({ phase: 'ready', keyboard: {} as DeviceState['keyboard'] });
  };
  let waiting: (() => void) | null = null;
  const runner = new FirmwareFlowRunner({
    devices,
    flows,
    transfers,
    flash: async (image): Promise<TransferOutcome> => {
      const name = flows.getState().flows[KEY]!.stage!.name;
      if (name === options.failOn) {
        transfers.getState().finish('firmware', 'failed', {
          message: 'No reply from the keyboard',
          keyboardState: 'stopped',
          sent: 56,
          total: image.length,
        });
        throw new Error('No reply from the keyboard');
      }
      flashed.push(name);
      if (options.restarts !== false) queueMicrotask(restart);
      return 'completed';
    },
    fetch: async () => ({ status: 404, arrayBuffer: async () => new ArrayBuffer(0) }),
    baseUrl: 'https://app/',
    digest: async () => '',
    // Pauses pass at once; the restart wait ends only when the test says so.
    sleep: (ms) => new Promise<void>((resolve) => (ms >= 10_000 ? (waiting = resolve) : resolve())),
  });
  flows.getState().patch(KEY, {
    online: 'ready',
    files: [file('kb_plc_1.uf2'), file('kb_plc_2.uf2'), file('kb_master.uf2')],
  });
  return { runner, flows, flashed, bootModes, paths: () => generation, timeOut: () => waiting?.() };
}

describe('firmware flows across restarts (issue #13.2)', () => {
  it('PLC files one by one, each after the board came back; then master after boot mode', async () => {
    const h = harness();
    await h.runner.run(KEY, 'plc');
    expect(h.flashed).toEqual(['kb_plc_1.uf2', 'kb_plc_2.uf2']);
    expect(h.paths()).toBe(3);
    const flow = flowOf(h.flows.getState(), KEY);
    expect(flow.done).toEqual(['https://app/kb_plc_1.uf2', 'https://app/kb_plc_2.uf2']);
    expect(flow.outcome).toEqual({ kind: 'success', group: 'plc', version: '1.1.0' });
    expect(flow.stage).toBeNull();
    // Master is still to come: the downloaded files stay offered.
    expect(flow.online).toBe('ready');
    await h.runner.run(KEY, 'master');
    expect(h.flashed).toEqual(['kb_plc_1.uf2', 'kb_plc_2.uf2', 'kb_master.uf2']);
    expect(h.bootModes).toEqual([3]);
    expect(flowOf(h.flows.getState(), KEY).outcome).toEqual({
      kind: 'success',
      group: 'master',
      version: '1.0.3',
    });
    // Done: the update is no longer offered (Check for Updates starts over).
    expect(flowOf(h.flows.getState(), KEY)).toMatchObject({ online: 'idle', files: [], done: [] });
  });

  it('a board that does not come back stops the flow and says so; running again continues from there', async () => {
    const h = harness({ restarts: false });
    const running = h.runner.run(KEY, 'plc');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flowOf(h.flows.getState(), KEY).stage).toMatchObject({ file: 1, count: 2, phase: 'restarting' });
    h.timeOut();
    await running;
    expect(flowOf(h.flows.getState(), KEY).outcome).toEqual({
      kind: 'noRestart',
      group: 'plc',
      file: 'kb_plc_1.uf2',
    });
    expect(h.flashed).toEqual(['kb_plc_1.uf2']);
    const again = h.runner.run(KEY, 'plc');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flowOf(h.flows.getState(), KEY).stage).toMatchObject({ file: 2, count: 2, name: 'kb_plc_2.uf2' });
    h.timeOut();
    await again;
    expect(h.flashed).toEqual(['kb_plc_1.uf2', 'kb_plc_2.uf2']);
  });

  it('a failed file names itself and where the keyboard was left; the files before it stay done', async () => {
    const h = harness({ failOn: 'kb_plc_2.uf2' });
    await h.runner.run(KEY, 'plc');
    const flow = flowOf(h.flows.getState(), KEY);
    expect(flow.done).toEqual(['https://app/kb_plc_1.uf2']);
    expect(flow.outcome).toMatchObject({
      kind: 'failed',
      file: 'kb_plc_2.uf2',
      failure: { keyboardState: 'stopped', sent: 56 },
    });
  });

  it('a keyboard re-enumerating on its own clears the last outcome; during a flow it does not', async () => {
    const h = harness();
    await h.runner.run(KEY, 'plc');
    expect(flowOf(h.flows.getState(), KEY).outcome).not.toBeNull();
    h.runner.onSelected('hid-3');
    expect(flowOf(h.flows.getState(), KEY).outcome).toBeNull();
  });
});
