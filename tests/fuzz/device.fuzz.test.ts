import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ViaError } from '../../src/protocol/errors.ts';
import { FakeHidDevice } from '../support/fakeHidDevice.ts';
import type { Timers } from '../../src/lib/timers.ts';
import { ViaClient } from '../../src/protocol/viaClient.ts';
import { writeMacroBytes } from '../../src/protocol/macroWrite.ts';
import { ViaCommands } from '../../src/protocol/viaCommands.ts';
import { actuationCommands } from '../../src/protocol/actuationCommands.ts';
import { SERIAL_FRAME, TRANSFER } from '../../src/transfer/frames.ts';
import { SerialTransferLink, type SerialPortLike } from '../../src/transfer/links.ts';
import { VirtualFirmware } from '../../src/virtual-keyboard/VirtualFirmware.ts';
import { findDemo } from '../../src/virtual-keyboard/demoKeyboards.ts';
import { FUZZ_RUNS, FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzConfig.ts';
import { VendorCommandSet } from '../../src/protocol/vendorCommands.ts';

/** Timeouts fire on the next turn: a reply that never comes fails at once instead of after 2 s. */
const promptTimers: Timers = {
  setTimeout: (fn) => setImmediate(fn),
  clearTimeout: (handle) => clearImmediate(handle as NodeJS.Immediate),
};

/** How the keyboard answers one request: echo the first `echo` bytes, then these bytes (or no reply at all). */
interface ReplyPlan {
  echo: number;
  tail: Uint8Array;
  silent: boolean;
}

const replyPlan: fc.Arbitrary<ReplyPlan> = fc.record({
  echo: fc.oneof(fc.constant(32), fc.nat({ max: 32 })),
  tail: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  silent: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
});

/** A HID device that answers from a plan: wrong echoes, 0xFF, 238, garbage, silence. */
class PlannedHidDevice extends FakeHidDevice {
  readonly vendorId = 0x4b4c;
  readonly productId = 1;
  readonly productName = 'Fuzz';
  constructor(private readonly plans: ReplyPlan[]) {
    super();
  }
  async sendReport(_: number, data: BufferSource): Promise<void> {
    const request = new Uint8Array(ArrayBuffer.isView(data) ? data.buffer : data);
    const plan = this.plans.shift();
    if (!plan || plan.silent) return;
    const reply = plan.tail.slice();
    reply.set(request.subarray(0, Math.min(plan.echo, 32)));
    this.deliver(reply);
  }
}

/** Every command of the VIA and vendor protocol, with plausible arguments. */
const COMMANDS: [string, (c: ViaCommands) => Promise<unknown>][] = [
  ['protocolVersion', (c) => ViaCommands.readProtocolVersion(c.client)],
  ['layerCount', (c) => c.layerCount()],
  ['keyboardValue', (c) => c.keyboardValue(1)],
  ['uptime', (c) => c.uptime()],
  ['firmwareVersion', (c) => c.firmwareVersion()],
  ['layoutOptions', (c) => c.layoutOptions()],
  ['setLayoutOptions', (c) => c.setLayoutOptions(0x12345678)],
  ['encoderModes', (c) => new VendorCommandSet(c).encoderModes()],
  ['oledMode', (c) => new VendorCommandSet(c).oledMode('current')],
  ['customEncoder', (c) => new VendorCommandSet(c).customEncoder(1)],
  ['key', (c) => c.key(1, 2, 3)],
  ['setKey', (c) => c.setKey(1, 2, 3, 0x5220)],
  ['readKeymapBuffer', (c) => c.readKeymapBuffer(0, 28)],
  ['writeKeymapBuffer', (c) => c.writeKeymapBuffer(0, new Uint8Array(40))],
  ['readKeymap', (c) => c.readKeymap(2, 2, 5)],
  ['encoder', (c) => c.encoder(0, 1, true)],
  ['setEncoder', (c) => c.setEncoder(0, 1, false, 4)],
  ['macroCount', (c) => c.macroCount()],
  ['macroBufferSize', (c) => c.macroBufferSize()],
  ['readMacroBuffer', (c) => c.readMacroBuffer(0, 28)],
  ['readMacroBytes', (c) => c.readMacroBytes(4, 64)],
  ['writeMacroBytes', (c) => writeMacroBytes(c, new Uint8Array([0x41, 0, 0x42, 0]), 64)],
  ['customValue', (c) => c.customValue(3, 1, [2])],
  ['setCustomValue', (c) => c.setCustomValue(3, 1, [200])],
  ['saveCustomValues', (c) => c.saveCustomValues(3)],
  ['firmwareParts', (c) => new VendorCommandSet(c).firmwareParts()],
  ['matrixText', (c) => new VendorCommandSet(c).matrixText(0)],
  ['setMatrixText', (c) => new VendorCommandSet(c).setMatrixText(1, 'hello')],
  ['perKeyColor', (c) => new VendorCommandSet(c).perKeyColor(3)],
  ['syncTime', (c) => new VendorCommandSet(c).syncTime(new Date(0))],
  ['lightingValue', (c) => c.lightingValue(0x80)],
  ['selfChecked', (c) => actuationCommands(c).selfChecked()],
  ['readActuation', (c) => actuationCommands(c).readActuation(12)],
  ['setActuation', (c) => actuationCommands(c).setActuation(1, 2, { ap: 125 } as never)],
  ['readRapidTrigger', (c) => actuationCommands(c).readRapidTrigger(12)],
  ['readDks', (c) => actuationCommands(c).readDks()],
  ['switchMatrix', (c) => new VendorCommandSet(c).switchMatrix(3, 5)],
];

describe('fuzz: what a keyboard replies', () => {
  it(
    'HID replies to every command: a value, or a named ViaError — never a crash inside the decoder',
    async () => {
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(
          fc.nat({ max: COMMANDS.length - 1 }),
          fc.constantFrom(9, 10, 11, 12, 13),
          fc.array(replyPlan, { maxLength: 12 }),
          async (index, protocol, plans) => {
            const [name, run] = COMMANDS[index]!;
            seen.add(name);
            const commands = new ViaCommands(
              new ViaClient(new PlannedHidDevice(plans), { timers: promptTimers }),
              protocol,
            );
            try {
              await run(commands);
            } catch (error) {
              if (!(error instanceof ViaError)) throw error;
            }
          },
        ),
        fuzzParameters(),
      );
      // With the default 10,000 inputs every command gets a few hundred; a short `npm run fuzz` may skip some.
      if (FUZZ_RUNS >= COMMANDS.length * 50) expect(seen.size).toBe(COMMANDS.length);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'serial transfer replies: any bytes, in any pieces, give an echoing frame or a ViaError',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            TRANSFER.FILE_INFO,
            TRANSFER.FILE_DATA,
            TRANSFER.MATRIX_INFO,
            TRANSFER.FIRMWARE_QUERY,
          ),
          fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 6 }),
          fc.array(fc.uint8Array({ maxLength: SERIAL_FRAME * 2 }), { maxLength: 4 }),
          fc.boolean(),
          async (command, params, pieces, echoFirst) => {
            const chunks = echoFirst ? [Uint8Array.from([command, ...params]), ...pieces] : pieces;
            const port: SerialPortLike = {
              readable: new ReadableStream<Uint8Array>({
                start(controller) {
                  chunks.forEach((chunk) => controller.enqueue(chunk));
                  controller.close();
                },
              }),
              writable: new WritableStream<Uint8Array>(),
              open: async () => {},
              close: async () => {},
              getInfo: () => ({}),
            };
            const link = new SerialTransferLink(port, promptTimers, 1);
            try {
              const reply = await link.send(command, params, true);
              expect(reply![0]).toBe(command);
            } catch (error) {
              if (!(error instanceof ViaError)) throw error;
            } finally {
              await link.close().catch(() => undefined);
            }
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('fuzz: what the app sends (the virtual keyboard is the receiver)', () => {
  it(
    'any 32-byte report, transfer frames included, is answered or ignored by the firmware model',
    async () => {
      const demo = findDemo('aurora75')!;
      const firmware = new VirtualFirmware({
        name: demo.name,
        vendorId: 0x4b4c,
        productId: 2,
        protocol: 12,
        rows: 6,
        cols: 16,
        layers: 4,
        macroCount: 4,
        macroBufferSize: 128,
        encoders: 1,
        layoutOptionBytes: 1,
        customChannels: [0, 3],
        customValues: [],
        defaultKeymap: [[0x29]],
        ...demo.firmware,
      });
      // Called directly, the model answers synchronously once its vendor extensions' code is loaded.
      await firmware.loadExtensions();
      const transferCommands = Object.values(TRANSFER) as number[];
      fc.assert(
        fc.property(
          fc.oneof(fc.constantFrom(...transferCommands), fc.integer({ min: 0, max: 255 })),
          fc.uint8Array({ minLength: 31, maxLength: 31 }),
          (command, rest) => {
            const reply = firmware.handleReport(Uint8Array.from([command, ...rest]));
            if (reply !== null) expect(reply.length).toBe(32);
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
