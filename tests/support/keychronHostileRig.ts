import { compileSourceDefinition } from '../../src/definitions/compile.ts';
import type { ConnectedDevice } from '../../src/families/deviceFamily.ts';
import { ViaSession } from '../../src/families/viaSession.ts';
import { ViaCommands } from '../../src/protocol/viaCommands.ts';
import { ViaClient } from '../../src/protocol/viaClient.ts';
import type { Timers } from '../../src/lib/timers.ts';
import { readFeatures } from '../../src/protocol/keychron/keychronReplies.ts';
import type { StepEdit } from '../../src/state/commands.ts';
import { createKeychronStore } from '../../src/state/keychronStore.ts';
import { keychronBoard, powerCycle } from '../../src/virtual-keyboard/keychron/keychronTestBoard.ts';
import type { VirtualFirmware } from '../../src/virtual-keyboard/VirtualFirmware.ts';
import { FakeHidDevice } from './fakeHidDevice.ts';

/**
 * The hostile-device rig for Keychron: the virtual board's own firmware model (docs/keychron-protocol.md) behind
 * the app's real request queue (ViaClient), with a `tamper` hook that sees every request and the firmware's true
 * reply and answers instead — a wrong or short reply, 0xFF, another count, or silence (null). Timeouts fire on
 * the next turn, so a silent board fails at once. `sent` records every report the app wrote; `expectInBounds`
 * checks them against the real firmware's tables.
 */
export type Tamper = (request: Uint8Array, reply: Uint8Array | null) => Uint8Array | null;
/** Answers a request the board never hears (its reply, or null for silence); undefined lets it through. */
export type Intercept = (request: Uint8Array) => Uint8Array | null | undefined;

/** The true table sizes of the two virtual boards (what the firmware's unchecked spans must stay inside). */
export const TRUTH = {
  q1v2_ansi_encoder: { rows: 6, cols: 16, leds: 81, regions: 2, effects: 5, pairs: 20 },
  c1_pro_8k_ansi: { rows: 6, cols: 17, leds: 87, regions: 2, effects: 5, pairs: 20 },
} as const;
export type RigBoard = keyof typeof TRUTH;

const promptTimers: Timers = {
  setTimeout: (fn) => setImmediate(fn),
  clearTimeout: (handle) => clearImmediate(handle as NodeJS.Immediate),
};

class TamperedDevice extends FakeHidDevice {
  readonly vendorId = 0x3434;
  readonly productId = 0x0107;
  readonly productName = 'Hostile Keychron';
  readonly sent: number[][] = [];
  constructor(
    public board: VirtualFirmware,
    public tamper: Tamper,
    public intercept: Intercept,
  ) {
    super();
  }
  async sendReport(_: number, data: BufferSource): Promise<void> {
    const request = new Uint8Array(ArrayBuffer.isView(data) ? data.buffer : data).slice();
    this.sent.push([...request]);
    const caught = this.intercept(request);
    const truth = caught === undefined ? this.board.handleReport(request.slice()) : null;
    const reply = caught === undefined ? this.tamper(request, truth ? truth.slice() : null) : caught;
    if (reply) this.deliver(reply);
  }
}

export function keychronHostileRig(
  id: RigBoard,
  tamper: Tamper = (_, r) => r,
  intercept: Intercept = () => undefined,
  /** The matrix the app takes from the board's definition (default: the firmware's own). */
  matrix?: { rows: number; cols: number },
) {
  const device = new TamperedDevice(keychronBoard(id), tamper, intercept);
  const client = new ViaClient(device, { timers: promptTimers });
  const truth = TRUTH[id];
  const steps: StepEdit[] = [];
  const features = readFeatures(
    [0xa2, 0, 0xf1, 0x03],
    [0xa7, 1, 0, 2, 0, id === 'c1_pro_8k_ansi' ? 0xef : 0xcf],
  );
  const storeOver = () =>
    createKeychronStore({
      link: client,
      features,
      matrix: matrix ?? { rows: truth.rows, cols: truth.cols },
      record: (s) => steps.push(s),
    });
  const store = storeOver();
  return {
    device,
    client,
    store,
    steps,
    truth,
    sent: device.sent,
    /** Writes (set sub-commands and saves) the app sent since `from`. */
    writes(from = 0) {
      return device.sent.slice(from).filter(isWrite);
    },
    /** What the board itself holds now, read afresh by a second store (the tamper still applies). */
    async boardSettings() {
      const fresh = storeOver();
      await fresh.getState().load();
      return fresh.getState().settings;
    },
    /** Unplug and plug in: the board keeps its EEPROM, loses RAM. */
    powerCycle() {
      device.board = powerCycle(device.board);
    },
  };
}

const WRITE_SUBS: Record<number, number[]> = {
  0xa7: [0x04, 0x06, 0x09, 0x0a, 0x0e, 0x13],
  0xa8: [0x02, 0x04, 0x08, 0x0a, 0x0d, 0x0f],
};
/** The firmware's refusal of `request` (status 1 at byte 2, the rest echoed), as an intercept's reply. */
export function refusal(request: Uint8Array): Uint8Array {
  const r = request.slice();
  r[2] = 1;
  return r;
}

export const isWrite = (r: ArrayLike<number>) => !!WRITE_SUBS[r[0]!]?.includes(r[1]!);

/**
 * Why `request` would reach past one of the firmware's tables (its unchecked spans, docs/keychron-protocol.md
 * "Hazards"), or null when it stays inside them.
 */
export interface Tables {
  rows: number;
  cols: number;
  leds: number;
  regions: number;
  effects: number;
  pairs: number;
}
export function outOfBounds(r: ArrayLike<number>, t: Tables): string | null {
  const [cmd, sub, a = 0, b = 0, c = 0] = Array.from(r);
  if (cmd === 0xa8 && (sub === 0x09 || sub === 0x0a) && (b > 9 || a + b > t.leds))
    return `colours ${a}+${b} of ${t.leds}`;
  if (cmd === 0xa8 && (sub === 0x0c || sub === 0x0d) && a + b > t.leds)
    return `regions ${a}+${b} of ${t.leds}`;
  if (cmd === 0xa8 && (sub === 0x0e || sub === 0x0f) && (a >= t.regions || b + c > t.effects))
    return `effect list ${a}:${b}+${c}`;
  if (cmd === 0xa8 && sub === 0x06 && a >= t.rows) return `LED map row ${a}`;
  if (cmd === 0xa7 && (sub === 0x08 || sub === 0x09) && (b > 9 || a + b > t.pairs))
    return `Snap Click ${a}+${b}`;
  return null;
}

/**
 * Loads the rig's board as the app's VIA family does (ViaSession: the Keychron probe, the VIA load, the Keychron
 * reads) with `source` as its definition: the loaded keyboard and the warnings the load gave.
 */
export async function loadThroughVia(rig: ReturnType<typeof keychronHostileRig>, source: unknown) {
  const compiled = compileSourceDefinition(source);
  if (!compiled.ok) throw new Error(compiled.message);
  const session = new ViaSession(new ViaCommands(rig.client, 12), async () => compiled.value);
  const warnings: string[] = [];
  const keyboard = await session.load({
    device: {} as ConnectedDevice,
    superseded: () => {},
    warn: (m) => warnings.push(m),
  });
  return { keyboard, warnings };
}
