import type { KeychronLink } from '../../src/services/keychronSettings.ts';

/**
 * A small stand-in for a Keychron board's raw-HID answers (a 1×4 matrix, 4 LEDs, 2 regions of 5 effects, 20
 * Snap Click pairs), enough to drive the client before the virtual boards model the firmware byte for byte. It
 * answers in the request's buffer as the firmware does, and records every request; `refuse` makes the next
 * write of a sub-command fail with status 1.
 */
export function fakeKeychronLink() {
  const sent: number[][] = [];
  const colors = [
    [0, 0, 255],
    [0, 0, 255],
    [0, 0, 255],
    [0, 0, 255],
  ];
  const regions = [0, 0, 1, 1];
  const effects = [0, 1].map((r) =>
    Array.from({ length: 5 }, (_, i) =>
      i === 0 ? [r === 0 ? 5 : 2, 0, 255, 127, 0x88, 0x13, 0, 0] : [0, 0, 0, 0, 0, 0, 0, 0],
    ),
  );
  const snap = Array.from({ length: 20 }, () => [0, 0, 0]);
  const state = {
    defaultLayer: 2,
    perKeyType: 0,
    os: [0, 255, 0, 255],
    debounce: [4, 50],
    rate: 3,
    saves: 0,
    refuse: -1,
  };
  const link: KeychronLink = {
    async requestRaw(bytes) {
      sent.push([...bytes]);
      const r = new Uint8Array(32);
      r.set(bytes);
      const [cmd, sub, a = 0, b = 0, c = 0] = bytes;
      const ok = (status = 0) => ((r[2] = status), r);
      if (sub === state.refuse) return ((state.refuse = -1), ok(1));
      if (cmd === 0xa1)
        return (
          r.set(
            [...'v1.0.0 x'].map((ch) => ch.charCodeAt(0)),
            1,
          ),
          r
        );
      if (cmd === 0xa2) return (r.set([0, 0xf1, 0x03], 1), r);
      if (cmd === 0xa3 && state.defaultLayer >= 0) return ((r[1] = state.defaultLayer), r);
      if (cmd === 0xa7) {
        if (sub === 0x01) return (r.set([0, 2, 0, 0xef], 2), r);
        if (sub === 0x05) return (r.set([0, 0, ...state.debounce], 2), r);
        if (sub === 0x06) return ((state.debounce = [a, b]), ok());
        if (sub === 0x07) return (r.set([0, 20], 2), r);
        if (sub === 0x08) return (r.set([0, ...snap.slice(a, a + b).flat()], 2), r);
        if (sub === 0x09) {
          for (let i = 0; i < b; i++) snap[a + i] = bytes.slice(4 + i * 3, 7 + i * 3);
          return ok();
        }
        if (sub === 0x0a) return (state.saves++, ok());
        if (sub === 0x0d) return (r.set([0, state.rate, 0x7f], 2), r);
        if (sub === 0x0e) return ((state.rate = a), ok());
        if (sub === 0x03) return (r.set([0, 0], 2), r);
        if (sub === 0x12) return (r.set([0, 4], 2), r);
        return (r.set([0xff, 0]), r);
      }
      if (cmd === 0xa8) {
        if (sub === 0x02) return (state.saves++, ok());
        if (sub === 0x03) return (r.set([0, 2, ...state.os], 2), r);
        if (sub === 0x04) return ((state.os = [a, b, c, Math.max(bytes[5] ?? 0, 128)]), ok());
        if (sub === 0x05) return (r.set([0, 4], 2), r);
        if (sub === 0x06) return (r.set([0, 0, 1, 2, 3], 2), r);
        if (sub === 0x07) return (r.set([0, state.perKeyType], 2), r);
        if (sub === 0x08) return ((state.perKeyType = a), ok());
        if (sub === 0x09) return (r.set([0, ...colors.slice(a, a + b).flat()], 2), r);
        if (sub === 0x0a) {
          for (let i = 0; i < b; i++) colors[a + i] = bytes.slice(4 + i * 3, 7 + i * 3);
          return ok();
        }
        if (sub === 0x0b) return (r.set([0, 2, 5], 2), r);
        if (sub === 0x0c) return (r.set([0, ...regions.slice(a, a + b)], 2), r);
        if (sub === 0x0d) {
          for (let i = 0; i < b; i++) regions[a + i] = bytes[4 + i]!;
          return ok();
        }
        if (sub === 0x0e) return (r.set([0, ...effects[a]!.slice(b, b + c).flat()], 2), r);
        if (sub === 0x0f) {
          for (let i = 0; i < c; i++) effects[a]![b + i] = bytes.slice(5 + i * 8, 13 + i * 8);
          return ok();
        }
      }
      return ((r[0] = 0xff), r);
    },
  };
  return { link, sent, colors, regions, effects, snap, state };
}
