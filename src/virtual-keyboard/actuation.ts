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
} from '../protocol/actuation.ts';
import { MAX_TRAVEL, RT_DEFAULT, type ApData, type DksEntry, type RtData } from '../qmk/actuation.ts';

/**
 * A factory-fresh board's switches, as this model has them (the vendor publishes no figures; extended.md's
 * all-zero defaults are the app's before it reads anything): actuation at 2.00 mm with no dead zones, rapid
 * trigger off with 0.30 mm sensitivities (the app's own starting point when it is turned on). A real switch never
 * actuates at 0.00 mm, so the virtual board does not claim to.
 */
export const FACTORY_AP: Readonly<ApData> = { ap: 200, dzt: 0, dzb: 0 };
export const FACTORY_RT: Readonly<RtData> = { enabled: false, crtEnabled: false, rt1: 30, rt2: 30 };

/** The firmware side: per-key AP data (by matrix index), AP enabled flag, self-check state. */
export class ActuationModel {
  selfChecked = false;
  apEnabled = true;
  keys: ApData[];
  rt: RtData[];
  rtEnabled = true;
  /** DKS entries, at most this many (the firmware's table size). */
  dks: DksEntry[] = [];
  static readonly DKS_CAPACITY = 16;

  constructor(private readonly keyCount: number) {
    this.keys = Array.from({ length: keyCount }, () => ({ ...FACTORY_AP }));
    this.rt = Array.from({ length: keyCount }, () => ({ ...FACTORY_RT }));
  }

  /** What the board keeps in its EEPROM across power cycles (issue #13.3: the virtual board forgot it). */
  dump(): object {
    return {
      selfChecked: this.selfChecked,
      apEnabled: this.apEnabled,
      rtEnabled: this.rtEnabled,
      keys: this.keys,
      rt: this.rt,
      dks: this.dks,
    };
  }

  /** Restores a dump; anything malformed or sized for another board is ignored, part by part. */
  load(raw: unknown): void {
    if (!raw || typeof raw !== 'object') return;
    const image = raw as Record<string, unknown>;
    const unit = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_TRAVEL;
    if (typeof image.selfChecked === 'boolean') this.selfChecked = image.selfChecked;
    if (typeof image.apEnabled === 'boolean') this.apEnabled = image.apEnabled;
    if (typeof image.rtEnabled === 'boolean') this.rtEnabled = image.rtEnabled;
    const keys = image.keys;
    if (
      Array.isArray(keys) &&
      keys.length === this.keyCount &&
      keys.every((k: ApData) => k && unit(k.ap) && unit(k.dzt) && unit(k.dzb))
    )
      this.keys = keys.map((k: ApData) => ({ ap: k.ap, dzt: k.dzt, dzb: k.dzb }));
    const rt = image.rt;
    if (
      Array.isArray(rt) &&
      rt.length === this.keyCount &&
      rt.every(
        (r: RtData) =>
          r &&
          typeof r.enabled === 'boolean' &&
          typeof r.crtEnabled === 'boolean' &&
          unit(r.rt1) &&
          unit(r.rt2),
      )
    )
      this.rt = rt.map((r: RtData) => ({
        enabled: r.enabled,
        crtEnabled: r.crtEnabled,
        rt1: r.rt1,
        rt2: r.rt2,
      }));
    const dks = image.dks;
    if (Array.isArray(dks) && dks.length <= ActuationModel.DKS_CAPACITY) {
      // Round-trips each entry through its wire form, which bounds every field to what the board can hold.
      const entries = dks.flatMap((e: unknown) => {
        try {
          const bytes = encodeDks(e as DksEntry);
          return bytes.length === 23 && bytes.every((b) => Number.isInteger(b)) ? [decodeDks(bytes, 0)] : [];
        } catch {
          return [];
        }
      });
      if (entries.length === dks.length) this.dks = entries;
    }
  }

  /** Handles an actuation command in place; false when `data[0]` is not one of ours. */
  handle(data: Uint8Array, cols: number): boolean {
    const u16 = (at: number) => (data[at]! << 8) | data[at + 1]!;
    switch (data[0]) {
      case ACTUATION.GET_SELF_CHECK:
        data[1] = this.selfChecked ? 1 : 0;
        return true;
      case ACTUATION.RUN_SELF_CHECK:
        this.selfChecked = true;
        data[1] = 1;
        return true;
      case ACTUATION.GET_AP_ENABLED:
        data[1] = this.apEnabled ? 1 : 0;
        return true;
      case ACTUATION.SET_AP_ENABLED:
        this.apEnabled = data[1] === 1;
        return true;
      case ACTUATION.AP_KEY_SIZE:
        data[1] = AP_KEY_SIZE;
        return true;
      case ACTUATION.READ_AP: {
        const first = u16(1);
        const count = Math.min(data[3]!, AP_KEYS_PER_READ);
        for (let i = 0; i < count; i++) {
          const key = this.keys[first + i] ?? { ap: 0, dzt: 0, dzb: 0 };
          [key.ap, key.dzt, key.dzb].forEach((v, j) => {
            data[4 + i * AP_KEY_SIZE + j * 2] = v >> 8;
            data[5 + i * AP_KEY_SIZE + j * 2] = v & 0xff;
          });
        }
        return true;
      }
      case ACTUATION.SET_AP: {
        const index = data[1]! * cols + data[2]!;
        const clamp = (v: number) => Math.min(v, MAX_TRAVEL);
        if (index < this.keyCount)
          this.keys[index] = { ap: clamp(u16(3)), dzt: clamp(u16(5)), dzb: clamp(u16(7)) };
        return true;
      }
      case ACTUATION.AP_DEFAULTS:
        this.keys = this.keys.map(() => ({ ...FACTORY_AP }));
        return true;
      case ACTUATION.SET_RT_ENABLED:
        this.rtEnabled = data[1] === 1;
        return true;
      case ACTUATION.RT_KEY_SIZE:
        data[1] = RT_KEY_SIZE;
        return true;
      case ACTUATION.READ_RT: {
        const first = u16(1);
        const count = Math.min(data[3]!, RT_KEYS_PER_READ);
        for (let i = 0; i < count; i++) {
          const key = this.rt[first + i] ?? RT_DEFAULT;
          const at = 4 + i * RT_KEY_SIZE;
          data.set(
            [
              (key.enabled ? RT_ENABLED : 0) | (key.crtEnabled ? RT_CONTINUOUS : 0),
              0,
              key.rt1 >> 8,
              key.rt1 & 0xff,
              key.rt2 >> 8,
              key.rt2 & 0xff,
            ],
            at,
          );
        }
        return true;
      }
      case ACTUATION.SET_RT: {
        const index = data[1]! * cols + data[2]!;
        const clamp = (v: number) => Math.min(v, MAX_TRAVEL);
        if (index < this.keyCount)
          this.rt[index] = {
            enabled: (data[3]! & RT_ENABLED) !== 0,
            crtEnabled: (data[3]! & RT_CONTINUOUS) !== 0,
            rt1: clamp(u16(4)),
            rt2: clamp(u16(6)),
          };
        return true;
      }
      case DKS.COUNT:
        data[1] = this.dks.length;
        data[2] = ActuationModel.DKS_CAPACITY;
        return true;
      case DKS.READ: {
        const entry = this.dks[data[1]!];
        if (entry) data.set(encodeDks(entry), 2);
        return true;
      }
      case DKS.SET: {
        const entry = decodeDks(data, 1);
        const at = this.dks.findIndex(
          (e) => e.layer === entry.layer && e.row === entry.row && e.col === entry.col,
        );
        if (at >= 0) this.dks[at] = entry;
        else if (this.dks.length < ActuationModel.DKS_CAPACITY) this.dks.push(entry);
        else data[0] = 238;
        return true;
      }
      case DKS.CLEAR:
        this.dks = this.dks.filter((e) => !(e.layer === data[1] && e.row === data[2] && e.col === data[3]));
        return true;
      case ACTUATION.RT_DEFAULTS:
        this.rt = this.rt.map(() => ({ ...FACTORY_RT }));
        return true;
      default:
        return false;
    }
  }
}
