import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { QMK_INFO_DIR, VIA_LAYOUTS_DIR, VIAL_LAYOUTS_DIR } from '../../tests/fixtures/paths.ts';
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

  it('says clearly what it needs, and that ZMK comes later', async () => {
    const cases: [string[], string][] = [
      [['convert', `${KB16}.layout.json`, '--to', 'qmk-c'], "give the keyboard's definition"],
      [['convert', VIL, '--to', 'qmk-json'], 'give its QMK keyboard.json or info.json'],
      [['convert', VIL, '--to', 'zmk'], 'ZMK .keymap export comes with ZMK keyboard support'],
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
