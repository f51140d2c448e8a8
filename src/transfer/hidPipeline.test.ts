import { describe, expect, it, vi } from 'vitest';
import { ViaClient, type LogEntry } from '../protocol/viaClient.ts';
import { VirtualFirmware } from '../virtual-keyboard/VirtualFirmware.ts';
import { VirtualHidDevice } from '../virtual-keyboard/VirtualHidDevice.ts';
import { HID_WINDOW, HidTransferLink } from './links.ts';
import { sendMatrixLighting } from './tabTransfer.ts';
import { GRID_BOARD } from '../../tests/support/transferTesting.ts';

// The shared grid board; its serial firmware is not used here (HID link only).
const CONFIG = GRID_BOARD;

// 10 frames of 2×3 RGB: 180 bytes, 7 chunks of 26 (the last 24).
const animation = {
  frames: 10,
  fps: 10,
  rows: 2,
  cols: 3,
  data: Uint8Array.from({ length: 180 }, (_, i) => (i * 7) & 0xff),
};

const hex = (bytes: readonly number[], n: number) =>
  bytes
    .slice(0, n)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(' ');

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/** A board whose replies wait until the test releases them (`release`), or come at once (`held: false`). */
async function board(
  options: { held?: boolean; alter?: (request: Uint8Array, reply: Uint8Array) => void } = {},
) {
  const firmware = new VirtualFirmware(CONFIG);
  // Loaded up front: these tests time replies and count retries; the on-demand load has its own tests.
  await firmware.loadExtensions();
  const handle = firmware.handleReport.bind(firmware);
  if (options.alter)
    firmware.handleReport = (request) => {
      const copy = request.slice();
      const reply = handle(request);
      if (reply) options.alter!(copy, reply);
      return reply;
    };
  const waiting: (() => void)[] = [];
  const device = new VirtualHidDevice(firmware, 'v', (fn) =>
    options.held ? waiting.push(fn) : queueMicrotask(fn),
  );
  const log: LogEntry[] = [];
  const client = new ViaClient(device, { replyTimeoutMs: 200, onLog: (e) => log.push(e) });
  const out = () => log.filter((e) => e.direction === 'out').map((e) => e.bytes);
  const chunks = () => out().filter((b) => b[0] === 193);
  /** Lets the board answer its oldest waiting request, `n` times (each answer may let another out). */
  const release = async (n = 1) => {
    for (let i = 0; i < n; i++) {
      waiting.shift()?.();
      await settle();
    }
  };
  return { firmware, client, link: new HidTransferLink(client), out, chunks, release };
}

describe('raw HID bulk transfer pipelining', () => {
  it('after the first ack keeps four chunks in flight, sends each byte once and in order, checks every ack', async () => {
    const b = await board({ held: true });
    let outcome: string | null = null;
    void sendMatrixLighting(b.link, animation).then((o) => (outcome = o));
    await settle();
    expect(b.out().map((r) => hex(r, 5))).toEqual(['c0 0a 0a 02 03']);
    await b.release(); // the info reply: ack flag set
    expect(b.chunks().map((r) => hex(r, 6))).toEqual(['c1 00 00 00 00 1a']);
    await b.release(); // the first ack opens the window
    expect(b.chunks().map((r) => hex(r, 6))).toEqual([
      'c1 00 00 00 00 1a',
      'c1 00 00 00 1a 1a',
      'c1 00 00 00 34 1a',
      'c1 00 00 00 4e 1a',
      'c1 00 00 00 68 1a',
    ]);
    await b.release(); // one more ack: room for one more chunk
    expect(b.chunks()).toHaveLength(HID_WINDOW + 2);
    await b.release(10);
    await vi.waitFor(() => expect(outcome).toBe('completed'));
    expect(b.chunks().map((r) => hex(r, 6))).toEqual([
      'c1 00 00 00 00 1a',
      'c1 00 00 00 1a 1a',
      'c1 00 00 00 34 1a',
      'c1 00 00 00 4e 1a',
      'c1 00 00 00 68 1a',
      'c1 00 00 00 82 1a',
      'c1 00 00 00 9c 18',
    ]);
    expect(b.chunks()[1]!.slice(6, 32)).toEqual([...animation.data.subarray(26, 52)]);
    expect([...b.firmware.transfers.content.matrix!.data]).toEqual([...animation.data]);
  });

  it('sends one chunk at a time when the board does not acknowledge chunks (flag 0)', async () => {
    // Info reply: 4 echoed parameters, then the refusal marker, then the ack flag (byte 6).
    const b = await board({
      held: true,
      alter: (request, reply) => void (request[0] === 192 && (reply[6] = 0)),
    });
    const done = sendMatrixLighting(b.link, animation);
    await settle();
    await b.release();
    expect(b.chunks()).toHaveLength(1);
    await b.release();
    expect(b.chunks()).toHaveLength(2);
    await b.release(10);
    expect(await done).toBe('completed');
    expect(b.chunks()).toHaveLength(7);
  });

  it('a refused chunk mid-pipeline: nothing more is sent, what was in flight is drained, Error: 238', async () => {
    // The board refuses the third chunk (offset 52).
    const b = await board({
      held: true,
      alter: (request, reply) => void (request[0] === 193 && request[4] === 52 && (reply[0] = 238)),
    });
    const done = sendMatrixLighting(b.link, animation);
    const failed = expect(done).rejects.toThrow('Error: 238');
    await settle();
    await b.release(20);
    await failed;
    // Chunks 4–6 were in flight when the refusal came back; the seventh was never sent.
    expect(b.chunks().map((r) => r[4])).toEqual([0, 26, 52, 78, 104, 130]);
    // The client is free again and in step with the board: the next request gets its own reply.
    const next = b.client.request(0x01);
    await settle();
    await b.release();
    expect(hex([...(await next)], 3)).toBe('01 00 0c');
  });

  it('a reply that never echoes its chunk fails the transfer after three tries of it', async () => {
    const b = await board({
      alter: (request, reply) => void (request[0] === 193 && request[4] === 26 && (reply[5] = 0x19)),
    });
    await expect(sendMatrixLighting(b.link, animation)).rejects.toThrow(
      'Receiving incorrect response for command',
    );
    expect(b.chunks().filter((r) => r[4] === 26)).toHaveLength(3);
    // The last chunks never went: the board is not left thinking it has everything.
    expect(b.chunks().some((r) => r[4] === 156)).toBe(false);
  });

  it('a garbled reply mid-pipeline is sent again from that chunk and the transfer completes', async () => {
    let garbled = false;
    const b = await board({
      alter: (request, reply) => {
        if (request[0] === 193 && request[4] === 26 && !garbled) {
          garbled = true;
          reply[5] = 0x19;
        }
      },
    });
    expect(await sendMatrixLighting(b.link, animation)).toBe('completed');
    expect([...b.firmware.transfers.content.matrix!.data]).toEqual([...animation.data]);
    // Only chunk 26 went again: the chunks in flight behind it were acknowledged.
    expect(b.chunks().map((r) => r[4])).toEqual([0, 26, 52, 78, 104, 26, 130, 156]);
  });
});
