import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en/keychron.json';
import ja from '../i18n/locales/ja/keychron.json';
import ko from '../i18n/locales/ko/keychron.json';
import zh from '../i18n/locales/zh/keychron.json';
import {
  isWrite,
  keychronHostileRig,
  outOfBounds,
  refusal,
  type Intercept,
  type RigBoard,
  type Tamper,
} from '../../tests/support/keychronHostileRig.ts';

// The app against a Keychron board that lies, stutters or stays silent (issue 40): it never sends a request
// past the LED count, the region count or the matrix; never writes what the user did not change; never leaves
// a change half-written without saying so; and words every failure in four languages.

const BOARDS: RigBoard[] = ['q1v2_ansi_encoder', 'c1_pro_8k_ansi'];
const hex = (r: readonly number[]) =>
  r
    .slice(0, 8)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(' ');

/** Answers `cmd sub` with the true reply changed by `edit`; everything else as the firmware does. */
function on(
  cmd: number,
  sub: number | null,
  edit: (reply: Uint8Array, request: Uint8Array) => Uint8Array | null,
): Tamper {
  return (request, reply) =>
    request[0] === cmd && (sub === null || request[1] === sub) && reply ? edit(reply, request) : reply;
}
const set = (at: number, value: number) => (r: Uint8Array) => ((r[at] = value), r);

async function loaded(id: RigBoard, tamper?: Tamper, intercept?: Intercept) {
  const rig = keychronHostileRig(id, tamper, intercept);
  await rig.store.getState().load();
  return rig;
}

describe('Keychron against an honest board', () => {
  for (const id of BOARDS)
    it(`${id}: reading sends nothing past its tables and writes nothing`, async () => {
      const rig = await loaded(id);
      expect(rig.store.getState().status).toBe('ready');
      expect(rig.sent.map((r) => outOfBounds(r, rig.truth)).filter(Boolean)).toEqual([]);
      expect(rig.writes()).toEqual([]);
    });

  it('painting one key writes that LED only, and choosing what it holds writes nothing', async () => {
    const rig = await loaded('q1v2_ansi_encoder');
    const s = rig.store.getState();
    const from = rig.sent.length;
    const held = s.settings!.rgb!.colors[5]!;
    expect(await s.change({ kind: 'colors', entries: [[5, held]] })).toBe(true);
    expect(await s.change({ kind: 'debounce', ...s.settings!.debounce! })).toBe(true);
    expect(rig.sent.length).toBe(from);
    expect(rig.steps).toHaveLength(0);
    await s.change({
      kind: 'colors',
      entries: [
        [5, [10, 20, 200]],
        [6, rig.store.getState().settings!.rgb!.colors[6]!],
      ],
    });
    expect(rig.writes(from).map(hex)).toEqual(['a8 0a 05 01 0a 14 c8 00']);
    expect(rig.steps).toHaveLength(1);
  });
});

describe('Keychron against absurd counts', () => {
  it.each([
    ['LED count 255', on(0xa8, 0x05, set(3, 255)), 'tooMany', 'A8 05'],
    ['200 regions', on(0xa8, 0x0b, set(3, 200)), 'tooMany', 'A8 0B'],
    ['255 effects per region', on(0xa8, 0x0b, set(4, 255)), 'tooMany', 'A8 0B'],
    ['255 Snap Click pairs', on(0xa7, 0x07, set(3, 255)), 'tooMany', 'A7 07'],
    ['no regions at all', on(0xa8, 0x0b, set(3, 0)), 'garbled', 'A8 0C'],
  ] as const)(
    '%s: refused with a clear problem, nothing past the tables, nothing written',
    async (_, tamper, code, command) => {
      const rig = await loaded('q1v2_ansi_encoder', tamper);
      expect(rig.store.getState().status).toBe('failed');
      expect(rig.store.getState().loadError).toMatchObject({ code, command });
      expect(rig.sent.map((r) => outOfBounds(r, rig.truth)).filter(Boolean)).toEqual([]);
      expect(rig.writes()).toEqual([]);
    },
  );

  it('LED count 0: no colour or region request at all', async () => {
    const rig = await loaded('c1_pro_8k_ansi', on(0xa8, 0x05, set(3, 0)));
    expect(rig.store.getState().settings?.rgb?.colors).toEqual([]);
    expect(rig.sent.filter((r) => r[0] === 0xa8 && [0x09, 0x0c].includes(r[1]!))).toEqual([]);
  });

  it('a smaller LED count and Snap Click count than the firmware holds bound every request', async () => {
    const rig = await loaded('q1v2_ansi_encoder', (q, r) =>
      on(0xa8, 0x05, set(3, 40))(q, on(0xa7, 0x07, set(3, 4))(q, r)),
    );
    expect(rig.store.getState().status).toBe('ready');
    const truth = { ...rig.truth, leds: 40, pairs: 4 };
    expect(rig.sent.map((r) => outOfBounds(r, truth)).filter(Boolean)).toEqual([]);
    // LEDs the map names past the count are left unpainted, never addressed.
    expect(
      rig.store
        .getState()
        .settings!.rgb!.ledMap.flat()
        .every((l) => l === null || l < 40),
    ).toBe(true);
  });

  it('an LED map naming LEDs past the count: those keys have no LED', async () => {
    const rig = await loaded(
      'q1v2_ansi_encoder',
      on(0xa8, 0x06, (r) => (r.fill(200, 3, 3 + 16), r)),
    );
    expect(
      rig.store
        .getState()
        .settings!.rgb!.ledMap.flat()
        .every((l) => l === null),
    ).toBe(true);
  });
});

describe('Keychron with a definition whose matrix is not the firmware’s', () => {
  it('wider than the LED map’s 24-column mask: asks for 24 columns, never more', async () => {
    const rig = keychronHostileRig('q1v2_ansi_encoder', undefined, undefined, { rows: 6, cols: 40 });
    await rig.store.getState().load();
    const maps = rig.sent.filter((r) => r[0] === 0xa8 && r[1] === 0x06);
    expect(maps.map((r) => r.slice(2, 6))).toEqual(
      Array.from({ length: 6 }, (_, row) => [row, 0xff, 0xff, 0xff]),
    );
    expect(rig.writes()).toEqual([]);
  });

  it('a matrix too small for the LEDs the board reports: refused, no LED request at all', async () => {
    const rig = keychronHostileRig('q1v2_ansi_encoder', undefined, undefined, { rows: 2, cols: 16 });
    await rig.store.getState().load();
    expect(rig.store.getState().loadError).toMatchObject({ code: 'tooMany', command: 'A8 05' });
    expect(rig.sent.filter((r) => r[0] === 0xa8 && [0x06, 0x09, 0x0c].includes(r[1]!))).toEqual([]);
  });
});

describe('Keychron against broken replies', () => {
  it.each([
    ['0xFF for the LED count', on(0xa8, 0x05, (r) => ((r[0] = 0xff), r)), 'unbuilt'],
    ['silence on the colours', on(0xa8, 0x09, () => null), 'silent'],
    ['short replies', on(0xa8, 0x0b, (r) => r.slice(0, 5)), 'garbled'],
    ['another command echoed', on(0xa8, 0x07, (r) => ((r[1] = 0x05), r)), 'garbled'],
    ['status 7', on(0xa7, 0x05, set(2, 7)), 'garbled'],
  ] as const)('%s: the load fails with that problem, nothing written', async (_, tamper, code) => {
    const rig = await loaded('q1v2_ansi_encoder', tamper);
    expect(rig.store.getState().loadError?.code).toBe(code);
    expect(rig.writes()).toEqual([]);
  });

  it('a board claiming Keychron flags that answers garbage gets a worded problem in four languages', async () => {
    const noise: Tamper = (q) => {
      const r = new Uint8Array(32).map((_, i) => (i * 37 + q[1]!) & 0xff);
      r[0] = q[0]!;
      return r;
    };
    const rig = await loaded('c1_pro_8k_ansi', noise);
    const problem = rig.store.getState().loadError!;
    expect(problem.code).toMatch(/garbled|tooMany/);
    for (const strings of [en, ja, ko, zh]) {
      const text = (strings.problem as Record<string, string>)[problem.code]!;
      expect(text).toContain('{{command}}');
      expect(text.length).toBeGreaterThan(20);
    }
    expect(rig.writes()).toEqual([]);
  });
});

describe('Keychron writes: all or nothing, and said so', () => {
  it('a colour change of two runs whose second is refused is put back on the board and in the store', async () => {
    let refuse = false;
    const rig = await loaded('q1v2_ansi_encoder', (q, r) =>
      refuse && q[0] === 0xa8 && q[1] === 0x0a && q[2] === 20 && r ? ((r[2] = 1), r) : r,
    );
    const before = rig.store.getState().settings!;
    refuse = true;
    const ok = await rig.store.getState().change({
      kind: 'colors',
      entries: [
        [3, [1, 2, 200]],
        [20, [3, 4, 200]],
      ],
    });
    expect(ok).toBe(false);
    expect(rig.store.getState().failure).toMatchObject({
      code: 'refused',
      command: 'A8 0A',
      outcome: 'rolledBack',
    });
    expect(rig.store.getState().settings).toEqual(before);
    refuse = false;
    // The board holds its old colours again: read it afresh.
    expect(await rig.boardSettings()).toEqual(before);
    expect(rig.store.getState().unsaved.rgb).toBe(false);
    expect(rig.steps).toHaveLength(0);
  });

  it('a board that keeps a write but answers it wrongly: put back, read again, said so', async () => {
    const rig = await loaded(
      'q1v2_ansi_encoder',
      on(0xa8, 0x04, (r) => ((r[3] = r[3]! ^ 1), r)),
    );
    const before = rig.store.getState().settings!;
    expect(
      await rig.store.getState().change({ kind: 'osIndicator', disable: 0, color: [10, 255, 200] }),
    ).toBe(false);
    expect(rig.store.getState().failure).toMatchObject({
      code: 'garbled',
      command: 'A8 04',
      outcome: 'rolledBack',
    });
    expect(rig.store.getState().settings).toEqual(before);
    expect(await rig.boardSettings()).toEqual(before);
  });

  it('a board that takes the first run and then goes deaf: the store shows the part it holds, and says so', async () => {
    let deaf = false;
    const rig = await loaded('q1v2_ansi_encoder', undefined, (q) => (deaf && isWrite(q) ? null : undefined));
    const s = rig.store.getState();
    const old20 = s.settings!.rgb!.colors[20];
    // The first run reaches the board; from the second on, writes are lost (reads still answer).
    const tamper = rig.device.tamper;
    rig.device.tamper = (q, r) =>
      q[0] === 0xa8 && q[1] === 0x0a && q[2] === 3 ? ((deaf = true), tamper(q, r)) : tamper(q, r);
    expect(
      await s.change({
        kind: 'colors',
        entries: [
          [3, [1, 2, 200]],
          [20, [3, 4, 200]],
        ],
      }),
    ).toBe(false);
    expect(rig.store.getState().failure).toMatchObject({ code: 'silent', outcome: 'partial' });
    expect(rig.store.getState().settings!.rgb!.colors[3]).toEqual([1, 2, 200]);
    expect(rig.store.getState().settings!.rgb!.colors[20]).toEqual(old20);
    expect(rig.store.getState().unsaved.rgb).toBe(true);
    deaf = false;
    expect((await rig.boardSettings())!.rgb!.colors).toEqual(rig.store.getState().settings!.rgb!.colors);
  });

  it('a failed Snap Click save after a good RGB save: RGB counts as saved, Snap Click does not, and the board agrees', async () => {
    let refuseSave = false;
    const rig = await loaded('q1v2_ansi_encoder', undefined, (q) =>
      refuseSave && q[0] === 0xa7 && q[1] === 0x0a ? refusal(q) : undefined,
    );
    const s = rig.store.getState();
    await s.change({ kind: 'colors', entries: [[0, [1, 2, 250]]] });
    await s.change({ kind: 'snapClick', index: 0, pair: { type: 2, key1: 0x04, key2: 0x07 } });
    refuseSave = true;
    expect(await rig.store.getState().saveToKeyboard()).toBe(false);
    expect(rig.store.getState().save.error).toMatchObject({ code: 'refused', command: 'A7 0A' });
    expect(rig.store.getState().unsaved).toEqual({ rgb: false, snapClick: true });
    rig.powerCycle();
    refuseSave = false;
    await rig.store.getState().load();
    expect(rig.store.getState().settings!.rgb!.colors[0]).toEqual([1, 2, 250]);
    expect(rig.store.getState().settings!.snapClick![0]).toEqual({ type: 0, key1: 0, key2: 0 });
  });

  it('a file batch with a refused part writes nothing it keeps', async () => {
    let refuse = false;
    const rig = await loaded('q1v2_ansi_encoder', undefined, (q) =>
      refuse && q[0] === 0xa7 && q[1] === 0x06 ? refusal(q) : undefined,
    );
    const before = rig.store.getState().settings!;
    refuse = true;
    const problems = await rig.store.getState().changeAll(
      [
        { kind: 'colors', entries: [[1, [9, 9, 200]]] },
        { kind: 'debounce', type: 2, ms: 10 },
      ],
      'keychron-file',
    );
    expect(problems).toHaveLength(1);
    expect(rig.store.getState().settings).toEqual(before);
    expect(rig.steps).toHaveLength(0);
    expect(await rig.boardSettings()).toEqual(before);
    // Nothing saved either.
    expect(rig.sent.filter((r) => r[0] === 0xa8 && r[1] === 0x02)).toEqual([]);
  });
});

describe('Keychron state notify from the app’s virtual board', () => {
  it('the report-rate combination, the OS switch and a factory reset reach the panes, never the undo history', async () => {
    const { VirtualHidDevice } = await import('../virtual-keyboard/VirtualHidDevice.ts');
    const { ViaClient } = await import('../protocol/viaClient.ts');
    const { keychronBoard } = await import('../virtual-keyboard/keychron/keychronTestBoard.ts');
    const { keychronStoreFor } = await import('./keychronStore.ts');
    const { readFeatures } = await import('../protocol/keychron/keychronReplies.ts');
    const firmware = keychronBoard('c1_pro_8k_ansi');
    const device = new VirtualHidDevice(firmware, 'kc', (fn) => void setImmediate(fn));
    await device.open();
    const client = new ViaClient(device);
    const steps: unknown[] = [];
    const store = keychronStoreFor(client, () => ({
      link: client,
      features: readFeatures([0xa2, 0, 0xf1, 0x03], [0xa7, 1, 0, 2, 0, 0xef]),
      matrix: { rows: 6, cols: 17 },
      record: (s) => steps.push(s),
    }));
    await new Promise<void>((resolve) => {
      const stop = store.subscribe((s) => s.status === 'ready' && (stop(), resolve()));
    });
    const settle = () => new Promise((r) => setImmediate(r));
    firmware.keychron!.reportRateFromKeyboard(0);
    await settle();
    expect(store.getState().settings!.reportRate!.divider).toBe(0);
    firmware.keychron!.setOsSwitch('win');
    await settle();
    expect(store.getState().defaultLayer).toBe(2);
    expect(steps).toEqual([]);
    expect(store.getState().unsaved).toEqual({ rgb: false, snapClick: false });
  });
});

describe('a layout file’s Keychron settings on a board that refuses part of them', () => {
  it('loads nothing, saves nothing, and says what failed', async () => {
    const { applyKeychronSection } = await import('./keychronLayoutFile.ts');
    const { buildKeychronSection } = await import('../formats/keychronSection.ts');
    const rig = await loaded('q1v2_ansi_encoder', undefined, (q) =>
      q[0] === 0xa7 && q[1] === 0x06 ? refusal(q) : undefined,
    );
    const before = rig.store.getState().settings!;
    const section = structuredClone(buildKeychronSection(before));
    section.rgb!.colors[4] = [9, 9, 99];
    section.debounce = { type: 1, ms: 20 };
    const notes = await applyKeychronSection(section, rig.store);
    expect(notes).toMatchObject([{ kind: 'failed', problem: { code: 'refused', command: 'A7 06' } }]);
    expect(await rig.boardSettings()).toEqual(before);
    expect(
      rig.sent.filter((r) => (r[0] === 0xa8 && r[1] === 0x02) || (r[0] === 0xa7 && r[1] === 0x0a)),
    ).toEqual([]);
  });
});
