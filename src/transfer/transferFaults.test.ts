import { describe, expect, it } from 'vitest';
import { buildUf2 } from '../formats/uf2.ts';
import { ViaClient, type LogEntry } from '../protocol/viaClient.ts';
import { encodeScreenFile } from '../screen/screenFile.ts';
import type { VirtualKeyboardConfig } from '../virtual-keyboard/config.ts';
import { VirtualFirmware } from '../virtual-keyboard/VirtualFirmware.ts';
import { VirtualHidDevice } from '../virtual-keyboard/VirtualHidDevice.ts';
import { HidTransferLink, SerialTransferLink, type TransferLink } from './links.ts';
import { sendFirmware, sendMatrixLighting, sendTabFile } from './tabTransfer.ts';
import { GRID_BOARD, recordingPort } from '../../tests/support/transferTesting.ts';
import { TransferFailure } from './transferFailure.ts';

/**
 * Faults injected at each phase of each bulk transfer (issues #13.7, #18.6): a lost reply is tried again and
 * the transfer still completes; a board that stays silent fails the transfer, the keyboard is told to stop
 * (226) and is never left receiving, and the failure says where the keyboard stands.
 */
const CONFIG: VirtualKeyboardConfig = { ...GRID_BOARD, screen: { maxBytes: 100_000 } };

async function board() {
  const firmware = new VirtualFirmware(CONFIG);
  // Loaded up front: these tests time replies and count retries; the on-demand load has its own tests.
  await firmware.loadExtensions();
  const device = new VirtualHidDevice(firmware, 'v', (fn) => queueMicrotask(fn));
  void device.open();
  return { firmware, device };
}

async function serial(device: VirtualHidDevice) {
  const frames: number[][] = [];
  const port = recordingPort(await device.serialPort(), (chunk) => frames.push([...chunk]));
  return { link: new SerialTransferLink(port, undefined, 20), frames };
}

function hid(device: VirtualHidDevice) {
  const log: LogEntry[] = [];
  const client = new ViaClient(device, { replyTimeoutMs: 20, onLog: (e) => log.push(e) });
  const frames = () => log.filter((e) => e.direction === 'out').map((e) => e.bytes);
  return { link: new HidTransferLink(client), frames };
}

const animation = {
  frames: 4,
  fps: 10,
  rows: 2,
  cols: 3,
  data: Uint8Array.from({ length: 4 * 18 }, (_, i) => (i * 5) & 0xff),
};
const screenFile = encodeScreenFile({
  type: 'image',
  width: 8,
  height: 8,
  frames: [new Uint8ClampedArray(8 * 8 * 4).fill(90)],
  rate: 0,
  swap: false,
});
const image = buildUf2(new TextEncoder().encode('KLFW:2.0.0 '.padEnd(600, '#')));

const TRANSFERS = [
  {
    name: 'matrix save',
    info: 192,
    data: 193,
    send: (link: TransferLink) => sendMatrixLighting(link, animation),
    stored: (f: VirtualFirmware) => f.matrixAnimation() !== null,
    links: ['hid', 'serial'] as const,
  },
  {
    name: 'screen transfer',
    info: 224,
    data: 225,
    send: (link: TransferLink) => sendTabFile(link, screenFile),
    stored: (f: VirtualFirmware) => f.screenContent() !== null,
    links: ['hid', 'serial'] as const,
  },
  {
    name: 'firmware flash',
    info: 240,
    data: 241,
    send: (link: TransferLink) => sendFirmware(link, image),
    stored: (f: VirtualFirmware) => f.firmwareVersion() === 0x200,
    links: ['serial'] as const,
  },
];

describe.each(TRANSFERS)('$name under injected faults', (transfer) => {
  describe.each(transfer.links)('over %s', (kind) => {
    const open = async (device: VirtualHidDevice) => (kind === 'serial' ? await serial(device) : hid(device));
    const frames = (o: Awaited<ReturnType<typeof open>>) =>
      'link' in o && Array.isArray(o.frames) ? o.frames : [];

    it.each([
      ['the opening frame', transfer.info],
      ['a data chunk', transfer.data],
    ])('one lost reply to %s is tried again and the transfer completes', async (_, command) => {
      const { firmware, device } = await board();
      device.faults.inject({ kind: 'drop' }, { command, link: kind });
      const opened = await open(device);
      expect(await transfer.send(opened.link)).toBe('completed');
      expect(transfer.stored(firmware)).toBe(true);
      expect(firmware.receivingTransfer()).toBeNull();
    });

    it('a wrong echo is tried again and the transfer completes', async () => {
      const { firmware, device } = await board();
      device.faults.inject({ kind: 'wrongEcho' }, { command: transfer.data, link: kind });
      expect(await transfer.send((await open(device)).link)).toBe('completed');
      expect(transfer.stored(firmware)).toBe(true);
    });

    it.each([
      ['the opening frame', transfer.info, 'untouched'],
      ['the data chunks', transfer.data, 'stopped'],
    ])(
      'every reply to %s lost: fails after 3 tries, 226 is sent, the keyboard is not left receiving (%s)',
      async (_, command, state) => {
        const { firmware, device } = await board();
        device.faults.inject({ kind: 'drop' }, { command, link: kind, times: 'always' });
        const opened = await open(device);
        const failure = await transfer.send(opened.link).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(TransferFailure);
        expect((failure as TransferFailure).message).toBe('No reply from the keyboard');
        expect((failure as TransferFailure).keyboardState).toBe(state);
        const sent = kind === 'serial' ? frames(opened) : (opened as ReturnType<typeof hid>).frames();
        expect(sent.filter((f) => f[0] === command)).toHaveLength(3);
        expect(sent.at(-1)![0]).toBe(226);
        expect(firmware.receivingTransfer()).toBeNull();
        expect(transfer.stored(firmware)).toBe(false);
        expect(firmware.firmwareVersion()).toBe(0x102);
      },
    );

    it('unplugged mid-transfer: the stop cannot go out, so the state is unknown', async () => {
      const { device } = await board();
      device.faults.inject({ kind: 'unplug' }, { command: transfer.data });
      const failure = await transfer.send((await open(device)).link).catch((e: unknown) => e);
      expect((failure as TransferFailure).keyboardState).toBe('unknown');
    });
  });
});

describe('without the stop (regression guard for #18.6)', () => {
  it('a board that opened a transfer stays receiving until 226 arrives', async () => {
    const { firmware } = await board();
    const frame = new Uint8Array(64);
    frame.set([192, 1, 10, 2, 3]);
    firmware.handleSerialFrame(frame);
    expect(firmware.receivingTransfer()).toBe('matrix');
    const stop = new Uint8Array(64);
    stop[0] = 226;
    firmware.handleSerialFrame(stop);
    expect(firmware.receivingTransfer()).toBeNull();
  });
});
