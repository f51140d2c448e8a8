import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseKeycode } from '../keycodes/index.ts';
import { macroKeycodeNames } from '../macros/macroCodec.ts';
import { checkLayoutOnVirtualKeyboard } from './layoutCommand.ts';
import { VIA_LAYOUTS_DIR } from '../../tests/fixtures/paths.ts';
import { viaCanWrite, viaRead } from '../../tests/viaReader.ts';

interface ViaFile {
  vendorProductId: number;
  layers: string[][];
  macros?: string[];
  encoders?: [string, string][][];
}

const files = readdirSync(VIA_LAYOUTS_DIR).filter(
  (f) => f.endsWith('.json') && !f.endsWith('.definition.json'),
);
const read = (f: string) => readFileSync(path.join(VIA_LAYOUTS_DIR, f), 'utf8');
const definitionOf = (f: string) => f.replace(/(\.layout)?\.json$/, '.definition.json');

/**
 * For a file whose keyboard definition is not public: a v3 board with the file's id and a matrix of the right
 * size (rows × columns = keys per layer), with as many encoders as the file has.
 */
function boardFromFile(file: ViaFile): unknown {
  const keys = file.layers[0]!.length;
  const rows = [6, 5, 8, 7, 4, 3, 2].find((r) => keys % r === 0 && keys / r <= 255) ?? 1;
  const cols = keys / rows;
  const encoderKeys = (file.encoders ?? []).map((_, ei) => ({
    row: 0, col: ei, x: ei, y: 0, r: 0, rx: 0, ry: 0, d: false, h: 1, w: 1, color: 'alpha', ei,
  })); // prettier-ignore
  return {
    name: `Board ${rows}x${cols}`,
    vendorProductId: file.vendorProductId,
    firmwareVersion: 0,
    matrix: { rows, cols },
    menus: [],
    keycodes: [],
    layouts: { width: cols, height: rows, keys: encoderKeys, optionKeys: {} },
  };
}

/** VIA reads `text` back to `code`, or VIA has no text at all for `code` and Keyloom wrote hex. */
function viaReadable(text: string, code: number, protocol: number): boolean {
  return viaRead(text, protocol) === code || (/^0x[0-9A-F]{4}$/.test(text) && !viaCanWrite(code, protocol));
}

// The first load compiles the definition reader; spawned runs start Node and tsx: allow for a busy machine.
describe('keyloom layout check: the 18 real VIA layout files', { timeout: 60_000 }, () => {
  it('has all 18', () => expect(files).toHaveLength(18));

  it.each(files)('%s loads, keeps every number, and saves text VIA reads', async (name) => {
    const text = read(name);
    const file = JSON.parse(text) as ViaFile;
    const definitionFile = definitionOf(name);
    const definitionText = readdirSync(VIA_LAYOUTS_DIR).includes(definitionFile)
      ? read(definitionFile)
      : JSON.stringify(boardFromFile(file));
    const result = await checkLayoutOnVirtualKeyboard({ layoutText: text, fileName: name, definitionText });
    if (!result.ok) throw new Error(result.message);
    const { summary, saved, keyboard } = result;
    const { protocol } = summary;
    expect(summary.unknown).toEqual([]);
    // Every key's number as the file gives it is on the keyboard (read back) and in what Save writes.
    const numbers = file.layers.map((l) => l.map((n) => parseKeycode(n, protocol)));
    expect(numbers.flat()).not.toContain(null);
    expect(keyboard.keymap.slice(0, numbers.length)).toEqual(numbers);
    expect(saved.layers.map((l) => l.map((n) => parseKeycode(n, protocol)))).toEqual(numbers);
    // Encoders the keyboard has, both directions.
    for (const [e, perLayer] of (saved.encoders ?? []).entries())
      for (const [layer, pair] of perLayer.slice(0, file.layers.length).entries())
        expect(
          pair.map((n) => parseKeycode(n, protocol)),
          `encoder ${e} layer ${layer}`,
        ).toEqual(file.encoders![e]![layer]!.map((n) => parseKeycode(n, protocol)));
    // Macros come back as the same keys.
    expect(saved.macros?.map((m) => macroKeycodeNames(m).map((n) => parseKeycode(n, protocol)))).toEqual(
      file.macros?.map((m) => macroKeycodeNames(m).map((n) => parseKeycode(n, protocol))),
    );
    // Every saved text is one VIA reads to the same number.
    const texts = [
      ...saved.layers.flat(),
      ...(saved.encoders ?? []).flat(2),
      ...(saved.macros ?? []).flatMap(macroKeycodeNames),
    ];
    const unreadable = texts.filter((t) => !viaReadable(t, parseKeycode(t, protocol)!, protocol));
    expect(unreadable).toEqual([]);
  });
});

const bin = path.resolve(import.meta.dirname, '../../bin/keyloom.mjs');
const keyloom = (args: string[]) =>
  spawnSync(process.execPath, [bin, 'layout', ...args], { encoding: 'utf8', timeout: 120_000 });

describe('keyloom layout check (spawned)', { timeout: 120_000 }, () => {
  const name = 'shoriminimoe__keymaps__kb16_01.layout.json';
  const definition = path.join(VIA_LAYOUTS_DIR, definitionOf(name));
  const dir = mkdtempSync(path.join(tmpdir(), 'kl-layout-check-'));

  it('exits 0, prints one JSON summary and writes to --out what Save would write', () => {
    const file = JSON.parse(read(name)) as ViaFile;
    file.layers[1]![0] = 'KC_WHAT'; // unknown: left unchanged and listed
    file.layers[0]![1] = 'KC_SLCK'; // VIA's legacy name …
    file.macros![0] = 'x{KC_POWER}'; // … also inside a macro
    const input = path.join(dir, 'in.layout.json');
    const out = path.join(dir, 'saved.layout.json');
    writeFileSync(input, JSON.stringify(file));
    const r = keyloom(['check', input, '--definition', definition, '--out', out, '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const summary = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({
      protocol: 12,
      keys: 4 * 20,
      macros: 16,
      unknown: [{ name: 'KC_WHAT', layer: 1, row: 0, col: 0 }],
    });
    const saved = JSON.parse(readFileSync(out, 'utf8')) as ViaFile;
    expect(saved.layers[0]![1]).toBe('KC_SLCK');
    expect(saved.macros![0]).toBe('x{KC_POWER}');
    // The unknown key kept the virtual keyboard's own key there (its typing-order default), not KC_NO.
    expect(saved.layers[1]![0]).not.toBe('KC_WHAT');
  });

  it('honours --protocol and exits 1 with the load message on stderr when the file is refused', () => {
    const other = path.join(dir, 'other.layout.json');
    writeFileSync(other, JSON.stringify({ ...(JSON.parse(read(name)) as object), vendorProductId: 1 }));
    const r = keyloom(['check', other, '--definition', definition, '--protocol', '11']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'Could not import layout. This file was created for a different keyboard: other.layout.json (made for KB16-01)\n',
    );
  });

  it('exits 2 with usage when --definition is missing', () => {
    const r = keyloom(['check', path.join(VIA_LAYOUTS_DIR, name)]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--definition DEF');
  });
});
