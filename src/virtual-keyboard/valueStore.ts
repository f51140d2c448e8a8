import type { CustomValueSpec } from './config.ts';

const key = (channel: number, valueId: number, args: readonly number[]) =>
  [channel, valueId, ...args].join(':');

/**
 * Values addressed by (channel, value id, args…), as custom-menu channels (protocol ≥ 11) and legacy
 * lighting values (≤ 10, channel -1) store them. Each value has a fixed byte length.
 */
export class ValueStore {
  private readonly specs: CustomValueSpec[];
  private values = new Map<string, Uint8Array>();

  constructor(specs: readonly CustomValueSpec[]) {
    this.specs = [...specs];
    this.reset();
  }

  reset(): void {
    this.values = new Map(
      this.specs.map((s) => {
        const bytes = new Uint8Array(s.length);
        bytes.set((s.initial ?? []).slice(0, s.length));
        return [key(s.channel, s.valueId, s.args ?? []), bytes];
      }),
    );
  }

  hasChannel(channel: number): boolean {
    return this.specs.some((s) => s.channel === channel);
  }

  /**
   * Handles a get or set in place. `at` is the index of the value id in `data`; args and then the value follow
   * it. Returns whether a stored value changed, or null when no value matches.
   */
  handle(channel: number, data: Uint8Array, at: number, isSet: boolean): boolean | null {
    const valueId = data[at]!;
    const spec = this.specs.find(
      (s) =>
        s.channel === channel &&
        s.valueId === valueId &&
        (s.args ?? []).every((a, i) => data[at + 1 + i] === a),
    );
    if (!spec) return null;
    const stored = this.values.get(key(channel, valueId, spec.args ?? []))!;
    const start = at + 1 + (spec.args?.length ?? 0);
    const room = Math.min(stored.length, data.length - start);
    if (!isSet) {
      data.set(stored.subarray(0, room), start);
      return false;
    }
    stored.set(data.subarray(start, start + room));
    return true;
  }

  value(channel: number, valueId: number, args: readonly number[]): number[] | null {
    const v = this.values.get(key(channel, valueId, args));
    return v ? [...v] : null;
  }

  dump(): Record<string, number[]> {
    return Object.fromEntries([...this.values].map(([k, v]) => [k, [...v]]));
  }

  load(image: unknown): void {
    if (!image || typeof image !== 'object') return;
    for (const [k, v] of Object.entries(image as Record<string, unknown>)) {
      const target = this.values.get(k);
      if (target && Array.isArray(v) && v.length === target.length) target.set(v as number[]);
    }
  }
}
