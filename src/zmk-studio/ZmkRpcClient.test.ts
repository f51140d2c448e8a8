import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeFrame } from './framing.ts';
import { coreRequest } from './requests.ts';
import { bytes, ScriptedTransport } from './testing.ts';
import type { ZmkReceiver, ZmkTransport } from './transport.ts';
import { ZmkCore } from './ZmkCore.ts';
import { ZmkKeymap } from './ZmkKeymap.ts';
import { ZmkLockGate } from './ZmkLockGate.ts';
import { ZmkRpcClient } from './ZmkRpcClient.ts';

afterEach(() => vi.useRealTimers());

/** A transport whose replies the test sends by hand, byte by byte if it likes. */
function manualTransport(overrides: Partial<ZmkTransport> = {}) {
  const state: { receiver: ZmkReceiver | null; writes: number } = { receiver: null, writes: 0 };
  const transport: ZmkTransport = {
    label: 'manual',
    open: async (receiver) => {
      state.receiver = receiver;
    },
    write: async () => {
      state.writes++;
    },
    close: async () => undefined,
    ...overrides,
  };
  return { transport, state };
}

const LOCK_STATE_REQUEST = coreRequest({ case: 'getLockState', value: true });

describe('ZmkRpcClient', () => {
  it('fails "openFailed" when the port cannot be opened, and tries again on the next request', async () => {
    let tries = 0;
    const { transport } = manualTransport({
      open: async () => {
        if (++tries === 1) throw new DOMException('Failed to open serial port.', 'NetworkError');
      },
    });
    const client = new ZmkRpcClient(transport, { silenceTimeoutMs: 20 });
    await expect(client.request(LOCK_STATE_REQUEST)).rejects.toMatchObject({
      code: 'openFailed',
      message: expect.stringContaining('Failed to open serial port.'),
    });
    await expect(client.request(LOCK_STATE_REQUEST)).rejects.toMatchObject({ code: 'timeout' });
    expect(tries).toBe(2);
  });

  it('fails "writeFailed" when the transport refuses the bytes', async () => {
    const { transport } = manualTransport({ write: async () => Promise.reject(new Error('port closed')) });
    await expect(new ZmkRpcClient(transport).request(LOCK_STATE_REQUEST)).rejects.toMatchObject({
      code: 'writeFailed',
      request: 'core.getLockState',
    });
  });

  it('keeps a request alive while its reply trickles in, and times out only after silence', async () => {
    vi.useFakeTimers();
    const { transport, state } = manualTransport();
    const client = new ZmkRpcClient(transport, { silenceTimeoutMs: 1000 });
    const reply = client.request(LOCK_STATE_REQUEST);
    await vi.advanceTimersByTimeAsync(0);
    const frame = encodeFrame(bytes('0a 06 08 01 1a 02 10 01'));
    for (const byte of frame) {
      await vi.advanceTimersByTimeAsync(900);
      state.receiver!.bytes(Uint8Array.of(byte));
    }
    expect((await reply).subsystem.case).toBe('core');
    const next = client.request(LOCK_STATE_REQUEST);
    const failed = expect(next).rejects.toMatchObject({ code: 'timeout' });
    await vi.advanceTimersByTimeAsync(999);
    state.receiver!.bytes(Uint8Array.of(0xab));
    await vi.advanceTimersByTimeAsync(1000);
    await failed;
  });

  it('skips frames it cannot read and responses of unknown kinds, and answers with the right one', async () => {
    const transport = new ScriptedTransport([
      {
        request: '08 01 1a 02 10 01',
        // Not protobuf; a Response with only a field 3 (newer firmware); then the reply.
        replies: ['ff ff ff', '1a 00', '0a 06 08 01 1a 02 10 01'],
      },
    ]);
    const client = new ZmkRpcClient(transport);
    expect(await new ZmkCore(client).lockState()).toBe('unlocked');
    expect(client.skippedFrames).toBe(2);
  });

  it('calls a reply from another subsystem, or of another kind, unexpected', async () => {
    const transport = new ScriptedTransport([
      { request: '08 01 1a 02 10 01', replies: ['0a 06 08 01 2a 02 18 01'] },
      { request: '08 02 2a 02 08 01', replies: ['0a 06 08 02 2a 02 18 01'] },
    ]);
    const client = new ZmkRpcClient(transport);
    await expect(new ZmkCore(client).lockState()).rejects.toMatchObject({ code: 'unexpectedReply' });
    await expect(new ZmkKeymap(client).keymap()).rejects.toMatchObject({ code: 'unexpectedReply' });
  });

  it('checks values before sending: a negative layer, a name too long, nothing is written', async () => {
    const transport = new ScriptedTransport([]);
    const keymap = new ZmkKeymap(new ZmkRpcClient(transport));
    await expect(keymap.setBinding(-1, 0, { behaviorId: 1, param1: 0, param2: 0 })).rejects.toMatchObject({
      code: 'invalidRequest',
    });
    await expect(keymap.setLayerName(1, 'Numéros et flèches', 20)).rejects.toMatchObject({
      code: 'invalidRequest',
    });
    await expect(keymap.setLayerName(1, '', 20)).rejects.toMatchObject({ code: 'invalidRequest' });
    expect(transport.written).toEqual([]);
  });
});

describe('ZmkLockGate', () => {
  it('fails the waiting requests when the user gives up or the keyboard goes away', async () => {
    const transport = new ScriptedTransport([
      { request: '08 01 1a 02 10 01', replies: ['0a 06 08 01 1a 02 10 00'] },
    ]);
    const gate = new ZmkLockGate(new ZmkRpcClient(transport));
    await gate.refresh();
    const seen: string[][] = [];
    gate.subscribe((s) => seen.push([...s.waiting]));
    const waiting = new ZmkKeymap(gate).keymap();
    await Promise.resolve();
    gate.cancelWaiting();
    await expect(waiting).rejects.toMatchObject({ code: 'unlockRequired', request: 'keymap.getKeymap' });
    expect(seen).toEqual([['keymap.getKeymap'], []]);
    expect(transport.written).toHaveLength(1);
  });
});
