import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VirtualFirmware } from '../virtual-keyboard/VirtualFirmware.ts';
import { VirtualHidDevice } from '../virtual-keyboard/VirtualHidDevice.ts';
import type { VirtualKeyboardConfig } from '../virtual-keyboard/config.ts';
import { ViaError } from './errors.ts';
import { ScriptedHidDevice } from '../../tests/support/scriptedHidDevice.ts';
import { ViaClient, type ApiErrorReport } from './viaClient.ts';
import { ViaCommands } from './viaCommands.ts';

const CONFIG: VirtualKeyboardConfig = {
  name: 'Faulty 2x2',
  vendorId: 0x4b4c,
  productId: 7,
  protocol: 12,
  rows: 2,
  cols: 2,
  layers: 2,
  macroCount: 2,
  macroBufferSize: 32,
  encoders: 0,
  layoutOptionBytes: 1,
};

function setup() {
  const device = new VirtualHidDevice(new VirtualFirmware(CONFIG), 'v1', (fn) => queueMicrotask(fn));
  const errors: ApiErrorReport[] = [];
  const client = new ViaClient(device, { onApiError: (e) => errors.push(e), replyTimeoutMs: 50 });
  return { device, client, errors, commands: new ViaCommands(client, 12) };
}

afterEach(() => vi.useRealTimers());

describe('ViaClient error catalogue (fault injection on the virtual keyboard)', () => {
  it('a reply that does not echo the command three times: Receiving incorrect response for command', async () => {
    const { device, client, errors } = setup();
    device.faults.inject({ kind: 'wrongEcho' }, { times: 3 });
    await expect(client.request(0x04, [0, 1, 1])).rejects.toThrow('Receiving incorrect response for command');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      commandName: 'dynamic_keymap_get_keycode',
      device: { vendorId: 0x4b4c, productId: 7, productName: 'Faulty 2x2' },
    });
    expect(errors[0]!.commandBytes.slice(0, 4)).toEqual([0x04, 0, 1, 1]);
    expect(errors[0]!.responseBytes.slice(0, 4)).toEqual([0x04, 1, 1, 1]);
  });

  it("a keyboard unplugged under a request: The keyboard was disconnected (not the browser's write error)", async () => {
    const { device, client } = setup();
    device.faults.inject({ kind: 'unplug' });
    await expect(client.request(0x04, [0, 1, 1])).rejects.toThrow('The keyboard was disconnected');
  });

  it('retries: one wrong echo, then the right reply succeeds without an error', async () => {
    const { device, client, errors } = setup();
    device.faults.inject({ kind: 'wrongEcho' });
    const reply = await client.request(0x04, [0, 1, 1]);
    expect([...reply.subarray(0, 4)]).toEqual([0x04, 0, 1, 1]);
    expect(errors).toHaveLength(0);
  });

  it('byte 0 = 0xFF is "unsupported by this firmware", not a desync, and is not retried', async () => {
    const { device, client } = setup();
    const send = vi.spyOn(device, 'sendReport');
    device.faults.inject({ kind: 'unhandled' });
    await expect(client.request(0x11)).rejects.toThrow('Command unsupported by this firmware');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('error byte 238: Error: 238', async () => {
    const { device, client } = setup();
    device.faults.inject({ kind: 'error238' });
    await expect(client.request(0x11)).rejects.toThrow('Error: 238');
  });

  it('a device that never answers fails the command after 3 timeouts, and the queue goes on', async () => {
    vi.useFakeTimers();
    const { device, client, errors } = setup();
    device.faults.inject({ kind: 'drop' }, { times: 3 });
    const stalled = client.request(0x11);
    const next = client.request(0x0c);
    const failed = expect(stalled).rejects.toThrow('No reply from the keyboard');
    await vi.advanceTimersByTimeAsync(50 * 3 + 1);
    await failed;
    expect((await next)[1]).toBe(2);
    expect(errors.map((e) => e.message)).toEqual(['No reply from the keyboard']);
  });

  it('a 255 reply is accepted as empty for custom menu channel 66 and for actuation commands', async () => {
    const { client } = setup();
    expect((await client.request(0x08, [66, 1]))[0]).toBe(0xff);
    expect((await client.request(0xd0, [1, 2]))[0]).toBe(0xff);
    await expect(client.request(0x08, [65, 1])).rejects.toThrow('unsupported');
  });

  it('replies never interleave: queued commands resolve in order with their own replies', async () => {
    const { device, client } = setup();
    device.faults.latencyMs = 0;
    const replies = await Promise.all([client.request(0x11), client.request(0x0c), client.request(0x01)]);
    expect(replies.map((r) => r[0])).toEqual([0x11, 0x0c, 0x01]);
  });

  it('unplugging mid-transfer rejects the pending command instead of hanging', async () => {
    const { device, client } = setup();
    device.faults.inject({ kind: 'unplug' });
    await expect(client.request(0x11)).rejects.toBeInstanceOf(ViaError);
  });

  it('arbitrary reply bytes never throw past the client: it resolves or rejects with a ViaError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 40 }), async (bytes) => {
        const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');
        const device = new ScriptedHidDevice(
          [1, 2, 3].map(() => ({ expect: '12 00 00 04', reply: hex || null })),
        );
        const client = new ViaClient(device, { replyTimeoutMs: 1 });
        try {
          const reply = await new ViaCommands(client, 12).readKeymapBuffer(0, 4);
          return reply.length === 4;
        } catch (error) {
          return error instanceof ViaError;
        }
      }),
      { numRuns: 300 },
    );
  });
});
