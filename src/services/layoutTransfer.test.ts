import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSourceDefinition } from '../definitions/compile.ts';
import { checkLayoutFile, LOAD_ERRORS, type LayoutTarget } from '../formats/layoutFile.ts';
import { fewestChunks } from '../formats/keymapDiff.ts';
import { parseKeycode } from '../keycodes/index.ts';
import { ViaClient } from '../protocol/viaClient.ts';
import { ViaCommands } from '../protocol/viaCommands.ts';
import { configFromDefinition, VirtualFirmware, VirtualHidDevice } from '../virtual-keyboard/index.ts';
import { loadKeyboard } from './keyboardLoader.ts';
import { loadCommonMenus } from '../definitions/menus.ts';
import { applyLayout, currentLayout } from './layoutTransfer.ts';
import { layoutLeavingUnknown } from './layoutLoad.ts';
import { VIA_LAYOUTS_DIR } from '../../tests/fixtures/paths.ts';

const LAYOUTS = VIA_LAYOUTS_DIR;
const cases = readdirSync(LAYOUTS)
  .filter((f) => f.endsWith('.layout.json'))
  .map((f) => ({ file: f, definition: f.replace('.layout.json', '.definition.json') }))
  .filter((c) => readdirSync(LAYOUTS).includes(c.definition));

async function boardFor(definitionJson: unknown, layers: number) {
  const compiled = compileSourceDefinition(definitionJson);
  if (!compiled.ok) throw new Error(compiled.message);
  const { definition, version } = compiled.value;
  // Definitions that name QMK's common menus need them loaded first (as the app's load does).
  if ('menus' in definition) await loadCommonMenus(definition.menus);
  const config = configFromDefinition(definition, { protocol: 12, layers });
  const firmware = new VirtualFirmware(config);
  const commands = new ViaCommands(
    new ViaClient(new VirtualHidDevice(firmware, 'test', (fn) => queueMicrotask(fn))),
    12,
  );
  const keyboard = await loadKeyboard(commands, definition, version, { warn: () => {} });
  return { firmware, commands, keyboard };
}

const target = (over: Partial<LayoutTarget> = {}): LayoutTarget => ({
  vendorProductId: 42,
  protocol: 12,
  layerCount: 4,
  keysPerLayer: 2,
  macroCount: 2,
  macrosSupported: true,
  encoderCount: 0,
  ...over,
});

describe('layout file checks, in the spec order', () => {
  const good = { name: 'x', vendorProductId: 42, macros: ['', ''], layers: [['KC_A', 'KC_B']] };
  it.each([
    ['not JSON', '{', LOAD_ERRORS.invalid],
    ['missing layers', JSON.stringify({ name: 'x', vendorProductId: 42 }), LOAD_ERRORS.invalid],
    [
      'another keyboard',
      JSON.stringify({ ...good, vendorProductId: 7 }),
      LOAD_ERRORS.otherKeyboard('my.layout.json', 'x'),
    ],
    ['wrong key count', JSON.stringify({ ...good, layers: [['KC_A']] }), LOAD_ERRORS.keyCount],
    ['wrong macro count', JSON.stringify({ ...good, macros: [''] }), LOAD_ERRORS.macroCount],
    [
      'more layers than the keyboard',
      JSON.stringify({ ...good, layers: new Array(5).fill(['KC_A', 'KC_B']) }),
      LOAD_ERRORS.tooManyLayers(5, 4),
    ],
    [
      'a macro that cannot be written',
      JSON.stringify({ ...good, macros: ['{KC_A', ''] }),
      LOAD_ERRORS.macro(0, "Looks like a keycode block - {} - is unclosed! Are you missing an '}'?"),
    ],
  ])('%s', (_, text, message) => {
    expect(checkLayoutFile(text, 'my.layout.json', target())).toMatchObject({ ok: false, message });
  });
  it('accepts hex for unnamed keycodes and loads the same number (never KC_NO)', () => {
    const result = checkLayoutFile(
      JSON.stringify({ ...good, layers: [['0x7c79', '0xffff']] }),
      'f',
      target(),
    );
    expect(result.ok && result.value.layers).toEqual([[0x7c79, 0xffff]]);
  });
  it('lists unknown names with their place instead of refusing the file', () => {
    const result = checkLayoutFile(
      JSON.stringify({ ...good, layers: [['KC_A', 'KC_WHAT']], macros: ['hi{KC_POWER}', '{KC_NOPE}'] }),
      'f',
      target(),
    );
    expect(result.ok && result.value.unknown).toEqual([
      { name: 'KC_WHAT', place: { kind: 'key', layer: 0, index: 1 } },
      { name: 'KC_NOPE', place: { kind: 'macro', index: 1 } },
    ]);
    expect(result.ok && result.value.layers).toEqual([[0x04, null]]);
    expect(result.ok && result.value.macros).toEqual(['hi{KC_POWER}', null]);
  });
});

describe('diffed chunk writes', () => {
  it('writes 28 bytes from the first keycode that differs, nothing when nothing does', () => {
    const before = [new Array(70).fill(4)];
    const after = [before[0]!.map((c, i) => (i === 30 ? 5 : c))];
    expect(fewestChunks(before, after)).toEqual([
      { offset: 60, bytes: after[0]!.slice(30, 44).flatMap((c) => [0, c]) },
    ]);
    expect(fewestChunks(before, before)).toEqual([]);
  });
});

describe('every real VIA layout file', () => {
  it.each(cases)(
    '$file loads into a virtual keyboard from its definition and saves back the same numbers',
    async ({ file, definition }) => {
      const layout = JSON.parse(readFileSync(path.join(LAYOUTS, file), 'utf8')) as {
        layers: string[][];
        vendorProductId: number;
      };
      const { firmware, commands, keyboard } = await boardFor(
        JSON.parse(readFileSync(path.join(LAYOUTS, definition), 'utf8')),
        layout.layers.length,
      );
      const checked = checkLayoutFile(readFileSync(path.join(LAYOUTS, file), 'utf8'), file, {
        vendorProductId: keyboard.definition.vendorProductId,
        protocol: 12,
        layerCount: keyboard.layerCount,
        keysPerLayer: keyboard.definition.matrix.rows * keyboard.definition.matrix.cols,
        macroCount: keyboard.macros.count,
        macrosSupported: keyboard.macros.supported,
        encoderCount: keyboard.encoders[0]?.length ?? 0,
      });
      if (!checked.ok) throw new Error(checked.message);
      expect(checked.value.unknown).toEqual([]);
      const ready = layoutLeavingUnknown(keyboard, checked.value);
      if (!ready.ok) throw new Error(ready.message);
      const patch = await applyLayout(commands, keyboard, ready.value);
      const expected = layout.layers.map((l) => l.map((name) => parseKeycode(name, 12)));
      // The device holds exactly the file's numbers …
      const { cols } = keyboard.definition.matrix;
      expect(
        expected.map((l, layer) =>
          l.map((_, i) => firmware.getKeycode(layer, Math.floor(i / cols), i % cols)),
        ),
      ).toEqual(expected);
      // … and saving it back writes the same numbers.
      const saved = currentLayout({ ...keyboard, ...patch });
      expect(saved.layers.map((l) => l.map((name) => parseKeycode(name, 12)))).toEqual(expected);
    },
  );
});
