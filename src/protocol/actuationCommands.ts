import { hi, lo, u16 } from './bytes.ts';
import { ViaError } from './errors.ts';
import type { ViaClient } from './viaClient.ts';
import {
  ACTUATION,
  AP_KEY_SIZE,
  AP_KEYS_PER_READ,
  RT_CONTINUOUS,
  RT_ENABLED,
  RT_KEY_SIZE,
  RT_KEYS_PER_READ,
  DKS,
  decodeDks,
  encodeDks,
} from './actuation.ts';
import type { ApData, DksEntry, RtData } from '../qmk/actuation.ts';

/**
 * The Hall-effect commands (docs/adr/0004-actuation-bytes.md) over a keyboard's VIA client. Apart from
 * `ViaCommands` because only boards with the vendor config's `actuation` use them: they load with the
 * Actuation pane, not with the first screen.
 */
export class ActuationCommandSet {
  constructor(readonly client: ViaClient) {}

  /** Whether the analog switches passed their self check (actuation needs it first). */
  async selfChecked(): Promise<boolean> {
    return (await this.client.request(ACTUATION.GET_SELF_CHECK))[1] === 1;
  }

  async runSelfCheck(): Promise<boolean> {
    return (await this.client.request(ACTUATION.RUN_SELF_CHECK))[1] === 1;
  }

  /** Per-key actuation data for `keys` keys (matrix order), read in chunks of floor(28 / key size) keys. */
  async readActuation(keys: number): Promise<ApData[]> {
    const size = (await this.client.request(ACTUATION.AP_KEY_SIZE))[1]!;
    if (size !== AP_KEY_SIZE) throw new ViaError(`Unsupported actuation data size ${size}`);
    const out: ApData[] = [];
    for (let first = 0; first < keys; first += AP_KEYS_PER_READ) {
      const count = Math.min(AP_KEYS_PER_READ, keys - first);
      const reply = await this.client.request(ACTUATION.READ_AP, [hi(first), lo(first), count]);
      for (let i = 0; i < count; i++) {
        const at = 4 + i * AP_KEY_SIZE;
        out.push({ ap: u16(reply, at), dzt: u16(reply, at + 2), dzb: u16(reply, at + 4) });
      }
    }
    return out;
  }

  /** Sets one key's actuation point and dead zones (keyboard units: 100 per mm, 0–400). */
  async setActuation(row: number, col: number, data: ApData): Promise<void> {
    await this.client.request(ACTUATION.SET_AP, [
      row,
      col,
      hi(data.ap),
      lo(data.ap),
      hi(data.dzt),
      lo(data.dzt),
      hi(data.dzb),
      lo(data.dzb),
    ]);
  }

  /** Rapid trigger of every key, in matrix order (docs/adr/0004-actuation-bytes.md). */
  async readRapidTrigger(keys: number): Promise<RtData[]> {
    const size = (await this.client.request(ACTUATION.RT_KEY_SIZE))[1]!;
    if (size !== RT_KEY_SIZE) throw new ViaError(`Unsupported rapid trigger data size ${size}`);
    const out: RtData[] = [];
    for (let first = 0; first < keys; first += RT_KEYS_PER_READ) {
      const count = Math.min(RT_KEYS_PER_READ, keys - first);
      const reply = await this.client.request(ACTUATION.READ_RT, [hi(first), lo(first), count]);
      for (let i = 0; i < count; i++) {
        const at = 4 + i * RT_KEY_SIZE;
        const flags = reply[at]!;
        out.push({
          enabled: (flags & RT_ENABLED) !== 0,
          crtEnabled: (flags & RT_CONTINUOUS) !== 0,
          rt1: u16(reply, at + 2),
          rt2: u16(reply, at + 4),
        });
      }
    }
    return out;
  }

  /** Sets one key's rapid trigger (sensitivities in keyboard units: 100 per mm, 0–400). */
  async setRapidTrigger(row: number, col: number, data: RtData): Promise<void> {
    const flags = (data.enabled ? RT_ENABLED : 0) | (data.crtEnabled ? RT_CONTINUOUS : 0);
    await this.client.request(ACTUATION.SET_RT, [
      row,
      col,
      flags,
      hi(data.rt1),
      lo(data.rt1),
      hi(data.rt2),
      lo(data.rt2),
    ]);
  }

  /** Every DKS entry on the keyboard (209 count, then 210 per entry). */
  async readDks(): Promise<DksEntry[]> {
    const count = (await this.client.request(DKS.COUNT))[1]!;
    const entries: DksEntry[] = [];
    for (let i = 0; i < count; i++) entries.push(decodeDks(await this.client.request(DKS.READ, [i]), 2));
    return entries;
  }

  /** Adds or replaces the DKS entry of one key (211); a full table answers 238. */
  async setDks(entry: DksEntry): Promise<void> {
    await this.client.request(DKS.SET, encodeDks(entry));
  }

  async clearDks(layer: number, row: number, col: number): Promise<void> {
    await this.client.request(DKS.CLEAR, [layer, row, col]);
  }
}

/** The actuation commands of a keyboard whose VIA commands are `commands`. */
export function actuationCommands(commands: { readonly client: ViaClient }): ActuationCommandSet {
  return new ActuationCommandSet(commands.client);
}
