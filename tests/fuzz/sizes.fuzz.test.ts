import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { QMK_INFO_DIR, VIA_DEFINITIONS_DIR, VIA_LAYOUTS_DIR, VIAL_LAYOUTS_DIR } from '../fixtures/paths.ts';
import { readQmkInfo } from '../../src/convert/qmkInfo.ts';
import { readQmkKeymapJson } from '../../src/convert/qmkKeymapJsonReader.ts';
import { decodeShareLink, encodeShareLink } from '../../src/convert/shareLink.ts';
import { scriptToMacro } from '../../src/macros/macroCodec.ts';
import { readVilFile } from '../../src/vial/vilFile.ts';
import * as compiler from '../../src/definitions/compile.ts';
import { checkDefinitionFile, readDefinitionFile } from '../../src/definitions/definitionFile.ts';
import { servedSizeProblem } from '../../src/definitions/definitionSize.ts';
import { importDesignFiles } from '../../src/definitions/designImport.ts';
import { loadCommonMenus, menuPanes, rangeControls } from '../../src/definitions/menus.ts';
import { menuValueSpecs } from '../../src/definitions/menuValues.ts';
import { checkServedDefinition } from '../../src/definitions/servedDefinitionShape.ts';
import { firmwareConfig } from '../../src/formats/firmwareConfig.ts';
import { checkLayoutFile } from '../../src/formats/layoutFile.ts';
import { decodeTabml, TABML_HEADER, TABML_MARKER } from '../../src/formats/tabml.ts';
import { buildUf2, parseUf2 } from '../../src/formats/uf2.ts';
import { matrixLightingConfig } from '../../src/formats/vendorConfig.ts';
import { screenConfig } from '../../src/screen/screenConfig.ts';
import { configFromDefinition } from '../../src/virtual-keyboard/configFromDefinition.ts';
import { FUZZ_TIMEOUT_MS, sizeFuzzParameters } from './fuzzConfig.ts';
import { growJson, jsonText, sizeEdit } from './mutate.ts';

/**
 * Every reader of a file a user brings, given large and deeply repeated versions of real files (issue 33: a
 * 25 kB definition took 30 s to refuse, a 200,000-byte read overflowed the stack): each answers — accepts or
 * refuses with its message — and never throws. How fast they answer is bench/hostileFiles.bench.ts's figure.
 */
const source = (file: string) =>
  JSON.parse(readFileSync(path.join(VIA_DEFINITIONS_DIR, file), 'utf8')) as object;
const SOURCES = [source('v3/0_sixty__0_sixty.json'), source('v2/kb_elmo__twelvekey__twelvekey.json')];
const SERVED = SOURCES.map((s) => {
  const result = compiler.compileSourceDefinition(s);
  if (!result.ok) throw new Error(result.message);
  return result.value;
});
const idsOf = (vendorProductId: number, version: 'v2' | 'v3') => ({
  vendorId: Math.floor(vendorProductId / 65536),
  productId: vendorProductId % 65536,
  protocol: version === 'v3' ? 12 : 10,
});

/**
 * A virtual keyboard and its menus can be built from an accepted definition, within what VIA addresses; one the
 * compiler accepted is also within every size limit (the first screen's shape check holds served definitions,
 * built by the same compiler, to what VIA addresses only).
 */
function usable(definition: compiler.ServedDefinition, compiled = true) {
  if (compiled) expect(servedSizeProblem(definition)).toBeNull();
  const config = configFromDefinition(definition);
  expect(config.rows * config.cols).toBeLessThanOrEqual(32_768);
  if ('menus' in definition) {
    menuValueSpecs(definition.menus);
    rangeControls(definition.menus);
    menuPanes(definition.menus, () => 0);
  }
}

beforeAll(() => loadCommonMenus());

describe('fuzz with sizes: keyboard definitions', () => {
  it(
    'source form, as an object and as a file (unknown keyboard, Build a virtual keyboard, Design tab)',
    () => {
      fc.assert(
        fc.property(fc.nat({ max: SOURCES.length - 1 }), sizeEdit, (which, edit) => {
          const json = growJson(SOURCES[which], edit);
          const compiled = compiler.compileSourceDefinition(json);
          if (compiled.ok) usable(compiled.value.definition);
          const text = jsonText(json);
          const read = readDefinitionFile(text, compiler);
          if (read.ok) usable(read.value.definition);
          const { version, definition } = SERVED[which]!;
          const file = checkDefinitionFile(text, idsOf(definition.vendorProductId, version), compiler);
          if (file.ok) usable(file.value.definition);
          else expect(file.message).toMatch(/\.$/);
          const design = importDesignFiles([{ name: 'grown.json', text }], version, compiler);
          if (design.ok) design.drafts.forEach((d) => usable(d.definition));
        }),
        sizeFuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'served form (fetched, cached, stored): what the checks accept builds a virtual keyboard and its menus',
    () => {
      fc.assert(
        fc.property(fc.nat({ max: SERVED.length - 1 }), sizeEdit, (which, edit) => {
          const { version, definition } = SERVED[which]!;
          const json = growJson(definition, edit);
          const shape = checkServedDefinition(json, version);
          if (shape.ok) usable(shape.value, false);
          else expect(shape.message).toMatch(/^Invalid v[23] definition: /);
          const full = compiler.validateServedDefinition(json, version);
          if (full.ok) usable(full.value);
        }),
        sizeFuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('fuzz with sizes: other files a user opens', () => {
  const LAYOUT = JSON.parse(
    readFileSync(path.join(VIA_LAYOUTS_DIR, 'Alveel__qmk-layout__keychron_q6_ansi_knob.layout.json'), 'utf8'),
  ) as { vendorProductId: number; layers: string[][]; macros: string[] };
  const TARGET = {
    vendorProductId: LAYOUT.vendorProductId,
    protocol: 12,
    layerCount: LAYOUT.layers.length,
    keysPerLayer: LAYOUT.layers[0]!.length,
    macroCount: LAYOUT.macros.length,
    macrosSupported: true,
    encoderCount: 1,
  };

  it(
    'layout file: checked or refused with a message',
    () => {
      fc.assert(
        fc.property(sizeEdit, (edit) => {
          const result = checkLayoutFile(jsonText(growJson(LAYOUT, edit)), 'grown.layout.json', TARGET);
          if (!result.ok) expect(result.message).toMatch(/^(Could not|Macro size)/);
          else expect(result.value.layers.length).toBeLessThanOrEqual(TARGET.layerCount);
        }),
        sizeFuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    '.tabml and UF2 of megabytes: decoded or refused',
    () => {
      const marker = new TextEncoder().encode(TABML_MARKER);
      fc.assert(
        fc.property(
          fc.record({
            frames: fc.integer({ min: 0, max: 255 }),
            rows: fc.integer({ min: 0, max: 255 }),
            cols: fc.integer({ min: 0, max: 255 }),
            extra: fc.constantFrom(0, 1, 511, 4096),
            payload: fc.constantFrom(0, 1, 256 * 1024, 2 * 1024 * 1024),
          }),
          ({ frames, rows, cols, extra, payload }) => {
            const tabml = new Uint8Array(
              Math.min(TABML_HEADER + frames * rows * cols * 3, 8_000_000) + extra,
            );
            tabml.set(marker);
            tabml.set([frames, 10, rows, cols], marker.length);
            const decoded = decodeTabml(tabml, { rows, cols });
            if (!('error' in decoded)) expect(decoded.data.length).toBe(frames * rows * cols * 3);
            const image = buildUf2(new Uint8Array(payload).fill(0x5a));
            const parsed = parseUf2(image);
            expect('error' in parsed ? parsed.error : parsed.payload.length).toBe(payload);
            // One block short: the count every block carries no longer matches.
            const short = parseUf2(image.subarray(512));
            if (!('error' in short)) expect(image.length).toBe(512);
          },
        ),
        sizeFuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'vendor config entries: a config or null',
    () => {
      const real = JSON.parse(readFileSync('keyboards/tabkb/configs.json', 'utf8')) as Record<
        string,
        unknown
      >[];
      const aurora = real.find((entry) => entry.screen)!;
      fc.assert(
        fc.property(sizeEdit, (edit) => {
          const config = (growJson(aurora, edit) ?? {}) as Record<string, unknown>;
          for (const read of [
            () => matrixLightingConfig(config.matrixLighting),
            () => firmwareConfig(config.firmware),
            () => screenConfig(config.screen),
          ]) {
            const value = read();
            expect(value === null || typeof value === 'object').toBe(true);
          }
        }),
        sizeFuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    '.vil: read into a layout file or refused with a message',
    () => {
      const planck = JSON.parse(
        readFileSync(path.join(VIAL_LAYOUTS_DIR, 'planck-like.vil'), 'utf8'),
      ) as object;
      const vilTarget = {
        name: 'Planck-like',
        vendorProductId: 0x12345678,
        protocol: 12,
        rows: 4,
        cols: 12,
        layerCount: 4,
        keymap: Array.from({ length: 4 }, () => new Array<number>(48).fill(0x29)),
        encoderCount: 1,
        macrosSupported: true,
        macroCount: 4,
        macroCapacity: 1023,
      };
      fc.assert(
        fc.property(sizeEdit, (edit) => {
          const read = readVilFile(jsonText(growJson(planck, edit)), vilTarget);
          if (!read.ok) expect(read.message).toMatch(/^Could not import the \.vil file: /);
          else expect(read.file.layers).toHaveLength(vilTarget.layerCount);
        }),
        sizeFuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'QMK keyboard.json and keymap.json: read or refused with a message',
    () => {
      const infoJson = JSON.parse(readFileSync(path.join(QMK_INFO_DIR, 'kb16_01.keyboard.json'), 'utf8')) as {
        layouts: Record<string, { layout: unknown[] }>;
      };
      const good = readQmkInfo(JSON.stringify(infoJson));
      if (!good.ok) throw new Error(good.message);
      const [name, { layout }] = Object.entries(infoJson.layouts)[0]!;
      const keymap = { layout: name, layers: [layout.map(() => 'KC_A'), layout.map(() => 'KC_TRNS')] };
      const board = {
        name: 'kb16',
        vendorProductId: 1,
        protocol: 12,
        rows: 16,
        cols: 16,
        layerCount: 2,
        keymap: [],
        encoderCount: 0,
        macroCount: 0,
      };
      fc.assert(
        fc.property(sizeEdit, sizeEdit, (infoEdit, keymapEdit) => {
          const info = readQmkInfo(jsonText(growJson(infoJson, infoEdit)));
          if (!info.ok) expect(info.message).toMatch(/^Could not read the keyboard\.json\/info\.json: /);
          const read = readQmkKeymapJson(jsonText(growJson(keymap, keymapEdit)), good.info, board);
          if (!read.ok)
            expect(read.message).toMatch(/^(Could not read the keymap\.json: |The keymap\.json|LAYOUT)/);
        }),
        sizeFuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "macro scripts of every size: steps, or the module's own message (never a stack overflow)",
    () => {
      const pieces = [
        'a',
        '{KC_A}',
        '{KC_LCTL,KC_C}',
        '\\{',
        '{500}',
        '{\\x41}',
        'é',
        '{+KC_LSFT}{-KC_LSFT}',
      ];
      fc.assert(
        fc.property(
          fc.constantFrom(...pieces),
          fc.constantFrom(1_000, 10_000, 150_000),
          fc.constantFrom(undefined, 1023, 0xfffe),
          (piece, count, capacity) => {
            const script = piece.repeat(count);
            try {
              const steps = scriptToMacro(script, 12, capacity === undefined ? {} : { capacity });
              expect(steps.length).toBeGreaterThan(0);
            } catch (error) {
              expect(error).toMatchObject({ name: 'MacroScriptError', code: 'size' });
            }
          },
        ),
        sizeFuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'share links: a keymap carrying a grown definition comes back, or the link is refused with a message',
    async () => {
      const keymap = {
        keyboard: { name: 'Board', vendorProductId: 1, rows: 1, cols: 2 },
        protocol: 12,
        macroProtocol: 12,
        layers: [[4, 5]],
        encoders: [],
        macros: [],
        layerNames: [],
        layoutOptions: null,
        source: 'a test',
      };
      await fc.assert(
        fc.asyncProperty(sizeEdit, async (edit) => {
          const definition = growJson(SERVED[0]!.definition, edit);
          // Only what JSON.stringify can write (not 150,000 deep) within the 2 MB a link reads back is carried.
          let text: string;
          try {
            text = JSON.stringify(definition);
          } catch {
            return;
          }
          if (text.length > 2_000_000) return;
          const link = await encodeShareLink({ doc: keymap, definitionVersion: 'v3', definition });
          const back = await decodeShareLink(link);
          if (back.ok) expect(back.shared.doc.layers).toEqual(keymap.layers);
          else expect(back.message).toMatch(/^This keymap link /);
        }),
        sizeFuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
