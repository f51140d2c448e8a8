import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QMK_INFO_DIR } from '../../tests/fixtures/paths.ts';
import { parseQmkKeycode } from '../keycodes/qmkNames.ts';
import { parseKeycode } from '../keycodes/index.ts';
import { writeKeymap } from './keymapFormats.ts';
import { readQmkInfo } from './qmkInfo.ts';
import { readKeymap } from './readKeymap.ts';

const infoRead = readQmkInfo(readFileSync(path.join(QMK_INFO_DIR, 'kb16_01.keyboard.json'), 'utf8'));
if (!infoRead.ok) throw new Error(infoRead.message);
const info = infoRead.info;
const LAYOUT = 'LAYOUT_ortho_4x4';
const KEYS = 16;

/** Names a user's own code defines: enum keycodes, tap dances by enum name, ANY() around either. */
const ident = fc.stringMatching(/^[A-Z][A-Z0-9_]{1,14}$/);
const userName = fc
  .oneof(
    ident.map((n) => `MY_${n}`),
    ident.map((n) => `TD(${n})`),
    ident.map((n) => `ANY(TD(TD_${n}))`),
    ident.map((n) => `ANY(U_${n})`),
  )
  .filter((n) => parseQmkKeycode(n.replace(/^ANY\((.*)\)$/, '$1')) === null);

/** A layer of the keymap.json: QMK names, some replaced by the user's own. */
const layer = fc
  .array(fc.option(userName, { freq: 3 }), { minLength: KEYS, maxLength: KEYS })
  .map((keys) => keys.map((k, i) => k ?? ['KC_A', 'KC_TRNS', 'LT(1, KC_SPC)', 'MO(2)'][i % 4]!));

const keymapJson = (layers: string[][]) => JSON.stringify({ keyboard: 'kb16', layout: LAYOUT, layers });
const read = (layers: string[][]) => {
  const r = readKeymap({ text: keymapJson(layers), fileName: 'keymap.json', info });
  if (!r.ok) throw new Error(r.message);
  return r.doc;
};

/** The arguments of each `[n] = LAYOUT_…(…)` of a keymap.c, split at commas outside parentheses. */
function layoutArguments(c: string): string[][] {
  return [...c.matchAll(/= LAYOUT_ortho_4x4\( \/\/[^\n]*\n([\s\S]*?)\n {4}\),/g)].map((m) => {
    const args: string[] = [];
    let depth = 0;
    let current = '';
    for (const ch of m[1]!) {
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      if (ch === ',' && depth === 0) {
        args.push(current.trim());
        current = '';
      } else current += ch;
    }
    args.push(current.trim());
    return args;
  });
}

describe("names from the user's own code", () => {
  it('a keymap.json → keymap.json keeps every name as written, at its place', () => {
    fc.assert(
      fc.property(fc.array(layer, { minLength: 1, maxLength: 4 }), (layers) => {
        const written = writeKeymap(read(layers), 'qmk-json', { info, layoutName: LAYOUT });
        if (!written.ok) throw new Error(written.message);
        const out = JSON.parse(written.files[0]!.text) as { layers: string[][] };
        layers.forEach((l, i) =>
          l.forEach((name, k) => {
            if (parseKeycode(name, 12) === null) expect(out.layers[i]![k]).toBe(name);
          }),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('a keymap.json → keymap.c writes every name as QMK builds it (ANY() taken off), at its place', () => {
    fc.assert(
      fc.property(fc.array(layer, { minLength: 1, maxLength: 4 }), (layers) => {
        const written = writeKeymap(read(layers), 'qmk-c', { info, layoutName: LAYOUT });
        if (!written.ok) throw new Error(written.message);
        const args = layoutArguments(written.files[0]!.text);
        expect(args).toHaveLength(layers.length);
        layers.forEach((l, i) =>
          l.forEach((name, k) => {
            if (parseKeycode(name, 12) === null)
              expect(args[i]![k]).toBe(name.replace(/^ANY\((.*)\)$/, '$1'));
          }),
        );
      }),
      { numRuns: 60 },
    );
  });

  const layers = [
    ['TD(DSH_HPR)', ...Array<string>(14).fill('KC_A'), 'ANY(TD(TD_SPC_DOT))'],
    ['MY_MACRO', ...Array<string>(15).fill('KC_TRNS')],
  ];

  it('into a .layout.json or .vil: refused with every key by layer and position, naming the keymap.json', () => {
    const doc = read(layers);
    for (const format of ['via', 'vil']) {
      const written = writeKeymap(
        { ...doc, keyboard: { ...doc.keyboard, vendorProductId: 0xd0101601 } },
        format,
      );
      expect(written.ok).toBe(false);
      if (written.ok) continue;
      expect(written.message).toMatch(/^The keymap\.json has 3 key\(s\) named in your own code/);
      expect(written.message).toContain('layer 0, row 0, column 0: TD(DSH_HPR)');
      expect(written.message).toContain('layer 0, row 3, column 3: ANY(TD(TD_SPC_DOT))');
      expect(written.message).toContain('layer 1, row 0, column 0: MY_MACRO');
      expect(written.refusal.code).toBe('userNames.numbers');
    }
  });

  it('--unknown none writes KC_NO there, keep writes the same text; every other key as it was', () => {
    const doc = { ...read(layers), keyboard: { ...read(layers).keyboard, vendorProductId: 0xd0101601 } };
    const none = writeKeymap(doc, 'via', { unknown: 'none' });
    const keep = writeKeymap(doc, 'via', { unknown: 'keep' });
    if (!none.ok || !keep.ok) throw new Error('not written');
    const noneLayers = (JSON.parse(none.files[0]!.text) as { layers: string[][] }).layers;
    const keepLayers = (JSON.parse(keep.files[0]!.text) as { layers: string[][] }).layers;
    expect(noneLayers[0]![0]).toBe('KC_NO');
    expect(keepLayers[0]![0]).toBe('TD(DSH_HPR)');
    expect(keepLayers[1]![0]).toBe('MY_MACRO');
    expect(noneLayers[0]![1]).toBe('KC_A');
    expect(none.notes.map((n) => n.kind)).toContain('userNamesNone');
    const vil = writeKeymap(doc, 'vil', { unknown: 'keep' });
    if (!vil.ok) throw new Error(vil.message);
    const vilLayout = (JSON.parse(vil.files[0]!.text) as { layout: unknown[][][] }).layout;
    expect(vilLayout[0]![3]![3]).toBe('ANY(TD(TD_SPC_DOT))');
  });
});
