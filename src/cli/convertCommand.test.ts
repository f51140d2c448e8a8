import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  QMK_INFO_DIR,
  VIA_LAYOUTS_DIR,
  VIAL_LAYOUTS_DIR,
  ZMK_KEYMAPS_DIR,
} from '../../tests/fixtures/paths.ts';
import { readZmkSnapshot } from '../../tests/support/zmkSnapshot.ts';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import { writeZmkSnapshotFile } from '../convert/zmkSnapshot.ts';
import { parseKeycode } from '../keycodes/index.ts';
import { main } from './main.ts';

function capture() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += String(d)));
  stderr.on('data', (d) => (err += String(d)));
  return { io: { stdin: new PassThrough(), stdout, stderr }, out: () => out, err: () => err };
}

const KB16 = path.join(VIA_LAYOUTS_DIR, 'shoriminimoe__keymaps__kb16_01');
const INFO = path.join(QMK_INFO_DIR, 'kb16_01.keyboard.json');
const VIL = path.join(VIAL_LAYOUTS_DIR, 'keyloom-vial-60.vil');

describe('keyloom convert', () => {
  it('a .layout.json → keymap.json → .layout.json gives the same file back', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kl-convert-'));
    const json = path.join(dir, 'keymap.json');
    const c1 = capture();
    const args = ['--definition', `${KB16}.definition.json`, '--qmk-info', INFO];
    expect(
      await main(['convert', `${KB16}.layout.json`, '--to', 'qmk-json', ...args, '--out', json], c1.io),
    ).toBe(0);
    expect(c1.err()).toContain('note: keys written with LAYOUT_all');
    const c2 = capture();
    expect(await main(['convert', json, '--to', 'via', ...args], c2.io)).toBe(0);
    const original = JSON.parse(readFileSync(`${KB16}.layout.json`, 'utf8')) as { layers: string[][] };
    const back = JSON.parse(c2.out()) as { layers: string[][]; encoders: unknown };
    // (3, 4) is on no LAYOUT macro of the keyboard.json: KC_NO there, every other key the file's number.
    const numbers = (layers: string[][]) =>
      layers.map((l) => l.filter((_, i) => i !== 19).map((name) => parseKeycode(name, 12)));
    expect(numbers(back.layers)).toEqual(numbers(original.layers));
    expect(numbers(back.layers).flat()).not.toContain(null);
  }, 60_000);

  it('a .vil → keymap.c on standard output, rules.mk beside --out, settings listed as not carried', async () => {
    const c = capture();
    expect(await main(['convert', VIL, '--to', 'qmk-c'], c.io)).toBe(0);
    expect(c.out()).toContain('tap_dance_action_t tap_dance_actions[] = {');
    expect(c.err()).toContain('note: 21 QMK settings not carried: keymap.c has no place for them');
    const dir = mkdtempSync(path.join(tmpdir(), 'kl-convert-'));
    const c2 = capture();
    expect(await main(['convert', VIL, '--to', 'qmk-c', '--out', path.join(dir, 'keymap.c')], c2.io)).toBe(0);
    expect(readFileSync(path.join(dir, 'rules.mk'), 'utf8')).toContain('TAP_DANCE_ENABLE = yes');
  });

  it('says clearly what it needs, and that ZMK is written from a ZMK keymap', async () => {
    const cases: [string[], string][] = [
      [['convert', `${KB16}.layout.json`, '--to', 'qmk-c'], "give the keyboard's definition"],
      [['convert', VIL, '--to', 'qmk-json'], 'give its QMK keyboard.json or info.json'],
      [['convert', VIL, '--to', 'zmk'], "A ZMK .keymap is written from a ZMK keyboard's keymap"],
      [['convert', VIL, '--to', 'klc'], 'Unknown format "klc"'],
      [['convert', VIL, '--to', 'via'], 'names its keyboard by USB ids'],
    ];
    for (const [args, message] of cases) {
      const c = capture();
      expect(await main(args, c.io)).toBe(1);
      expect(c.err()).toContain(message);
    }
    const usage = capture();
    expect(await main(['convert', VIL], usage.io)).toBe(2);
    expect(usage.err()).toContain('Usage: keyloom convert IN --to');
  });
});

describe("keyloom convert: names from the user's own code", () => {
  const keymapJson = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kl-convert-'));
    const file = path.join(dir, 'keymap.json');
    const layer = ['TD(DSH_HPR)', ...Array<string>(14).fill('KC_A'), 'ANY(TD(TD_SPC_DOT))'];
    writeFileSync(file, JSON.stringify({ keyboard: 'kb16', layout: 'LAYOUT_ortho_4x4', layers: [layer] }));
    return { dir, file };
  };
  const args = ['--qmk-info', INFO, '--definition', `${KB16}.definition.json`];

  it('carries them as text into keymap.c and keymap.json, saying so', async () => {
    const { file } = keymapJson();
    const c = capture();
    expect(await main(['convert', file, '--to', 'qmk-c', '--qmk-info', INFO], c.io)).toBe(0);
    expect(c.out()).toContain('TD(DSH_HPR), KC_A');
    expect(c.out()).toContain('KC_A, TD(TD_SPC_DOT)');
    expect(c.err()).toContain('note: 2 key(s) hold names from your own code');
    const j = capture();
    expect(await main(['convert', file, '--to', 'qmk-json', '--qmk-info', INFO], j.io)).toBe(0);
    expect((JSON.parse(j.out()) as { layers: string[][] }).layers[0]![15]).toBe('ANY(TD(TD_SPC_DOT))');
  });

  it('into a .layout.json: refuses with the list, naming the keymap.json; --unknown none|keep goes on', async () => {
    const { file } = keymapJson();
    const c = capture();
    expect(await main(['convert', file, '--to', 'via', ...args], c.io)).toBe(1);
    expect(c.err()).toContain('The keymap.json has 2 key(s) named in your own code');
    expect(c.err()).toContain('layer 0, row 0, column 0: TD(DSH_HPR)');
    expect(c.err()).not.toContain('.layout.json names');
    const none = capture();
    expect(await main(['convert', file, '--to', 'via', ...args, '--unknown', 'none'], none.io)).toBe(0);
    expect((JSON.parse(none.out()) as { layers: string[][] }).layers[0]![0]).toBe('KC_NO');
    const keep = capture();
    expect(await main(['convert', file, '--to', 'vil', ...args, '--unknown=keep'], keep.io)).toBe(0);
    expect((JSON.parse(keep.out()) as { layout: unknown[][][] }).layout[0]![0]![0]).toBe('TD(DSH_HPR)');
    const bad = capture();
    expect(await main(['convert', file, '--to', 'via', ...args, '--unknown', 'maybe'], bad.io)).toBe(2);
  });
});

describe('keyloom convert: a ZMK .keymap', () => {
  const KEYMAP = path.join(ZMK_KEYMAPS_DIR, 'split42.keymap');
  const SPLIT_INFO = path.join(ZMK_KEYMAPS_DIR, 'split42.keyboard.json');

  it('--to zmk writes it back with its own behaviors, combos and conditional layers', async () => {
    const c = capture();
    expect(await main(['convert', KEYMAP, '--to', 'zmk'], c.io)).toBe(0);
    for (const text of ['hm: homerow_mods {', 'combo_esc {', 'tri_layer {', '&hm LGUI ESC', '&kp LC(C)'])
      expect(c.out()).toContain(text);
  });

  it('--to qmk-c through the keyboard.json: positions in LAYOUT order, what QMK lacks listed', async () => {
    const c = capture();
    expect(await main(['convert', KEYMAP, '--to', 'qmk-c', '--qmk-info', SPLIT_INFO], c.io)).toBe(0);
    expect(c.out()).toContain('MT(MOD_LCTL, KC_ESC), KC_A');
    expect(c.out()).toContain('KC_NO, MO(1), KC_SPC, LT(2, KC_ENT), OSL(3), KC_RALT');
    expect(c.out()).toContain('TO(0), TG(1), TG(2), CW_TOGG, QK_REP');
    expect(c.err()).toContain('layer 3, position 0: &bt BT_SEL 0');
    expect(c.err()).toContain(
      '&hm, &td_esc, &bspc_del, &hello, combo combo_esc, conditional layer tri_layer',
    );
  });

  it('refuses a .keymap it cannot read, naming the .keymap', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kl-convert-'));
    const file = path.join(dir, 'broken.keymap');
    writeFileSync(file, '/ { keymap { compatible = "zmk,keymap"; base { bindings = <&kp A>; }; };');
    const c = capture();
    expect(await main(['convert', file, '--to', 'qmk-c'], c.io)).toBe(1);
    expect(c.err()).toMatch(/^Could not read the \.keymap: /);
  });
});

describe('keyloom convert --to zmk', () => {
  /** The demo ZMK keyboard's keymap saved as a Keyloom ZMK keymap file, its first key bound to a behavior of its own. */
  async function zmkFile() {
    const snapshot = await readZmkSnapshot(zmkTestRig({ locking: false }));
    snapshot.behaviors.push({
      id: 90,
      displayName: 'Home Row Mods',
      sets: [
        {
          param1: [{ name: 'Key', kind: 'hidUsage', keyboardMax: 0xff, consumerMax: 0xff }],
          param2: [{ name: 'Key', kind: 'hidUsage', keyboardMax: 0xff, consumerMax: 0xff }],
        },
      ],
    });
    snapshot.keymap.layers[0]!.bindings[12] = { behaviorId: 90, param1: 0x0700e1, param2: 0x070004 };
    const dir = mkdtempSync(path.join(tmpdir(), 'kl-convert-'));
    const file = path.join(dir, 'split42.zmk.json');
    writeFileSync(file, writeZmkSnapshotFile(snapshot));
    return { dir, file };
  }

  it('writes the .keymap on standard output and lists what it could not name', async () => {
    const { file } = await zmkFile();
    const c = capture();
    expect(await main(['convert', file, '--to', 'zmk'], c.io)).toBe(0);
    expect(c.out()).toContain('#include <dt-bindings/zmk/keys.h>');
    expect(c.out()).toContain('display-name = "Base";');
    expect(c.out()).toContain('&none /* "Home Row Mods" LSHFT A */');
    expect(c.out()).toContain('keymap written by Keyloom from split42.zmk.json');
    expect(c.err()).toContain('note: 1 binding(s) of "Home Row Mods" (behavior id 90)');
    expect(c.err()).toContain('note: ZMK Studio does not report combos');
  });

  it("names a behavior of the user's own with --behavior, and writes --out", async () => {
    const { dir, file } = await zmkFile();
    const out = path.join(dir, 'split42.keymap');
    const c = capture();
    expect(
      await main(['convert', file, '--to', 'zmk', '--behavior', 'Home Row Mods=hm', '--out', out], c.io),
    ).toBe(0);
    expect(c.out()).toBe(`wrote ${out}\n`);
    const keymap = readFileSync(out, 'utf8');
    expect(keymap).toContain('&hm LSHFT A');
    expect(keymap).not.toContain('Home Row Mods');
    expect(c.err()).not.toContain('Home Row Mods');
  });

  it('refuses another target for a ZMK keymap, a bad --behavior and a damaged file', async () => {
    const { dir, file } = await zmkFile();
    const damaged = path.join(dir, 'damaged.zmk.json');
    writeFileSync(damaged, readFileSync(file, 'utf8').replace('"version": 1', '"version": 7'));
    const cases: [string[], string][] = [
      [['convert', file, '--to', 'via'], 'A ZMK keymap is written as a ZMK .keymap only (--to zmk)'],
      [['convert', file, '--to', 'zmk', '--behavior', 'hm'], '--behavior takes "DISPLAY NAME=label"'],
      [['convert', file, '--to', 'zmk', '--behavior', 'Home Row Mods=1x'], '"1x" is not a devicetree label'],
      [['convert', damaged, '--to', 'zmk'], 'Could not read the ZMK keymap: version is missing'],
    ];
    for (const [args, message] of cases) {
      const c = capture();
      expect(await main(args, c.io)).toBe(1);
      expect(c.err()).toContain(message);
    }
  });
});
