import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIA_LAYOUTS_DIR } from '../fixtures/paths.ts';
import { checkLayoutFile, type LayoutTarget } from '../../src/formats/layoutFile.ts';
import { decodeTabml, encodeTabml } from '../../src/formats/tabml.ts';
import { buildUf2, parseUf2 } from '../../src/formats/uf2.ts';
import { firmwareConfig } from '../../src/formats/firmwareConfig.ts';
import { matrixLightingConfig } from '../../src/formats/vendorConfig.ts';
import { screenConfig } from '../../src/screen/screenConfig.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzConfig.ts';
import { jsonEdit, mutateJson } from './mutate.ts';

const LAYOUT_TEXT = readFileSync(
  path.join(VIA_LAYOUTS_DIR, 'Alveel__qmk-layout__keychron_q6_ansi_knob.layout.json'),
  'utf8',
);
const LAYOUT = JSON.parse(LAYOUT_TEXT) as { vendorProductId: number; layers: string[][]; macros: string[] };
const TARGET: LayoutTarget = {
  vendorProductId: LAYOUT.vendorProductId,
  protocol: 12,
  layerCount: LAYOUT.layers.length,
  keysPerLayer: LAYOUT.layers[0]!.length,
  macroCount: LAYOUT.macros.length,
  macrosSupported: true,
  encoderCount: 1,
};

/** Bytes that are sometimes a real file with a few bytes changed, sometimes anything. */
const nearly = (valid: Uint8Array) =>
  fc.oneof(
    fc.uint8Array({ maxLength: 2048 }),
    fc
      .array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), { maxLength: 8 })
      .chain((edits) =>
        fc.nat({ max: valid.length }).map((cut) => {
          const out = valid.slice(0, cut === 0 ? valid.length : cut);
          for (const { at, byte } of edits) if (out.length) out[at % out.length] = byte;
          return out;
        }),
      ),
  );

describe('fuzz: files a user opens', () => {
  it(
    'layout file: any text, or a real file with small damages, is checked or refused with a message',
    () => {
      const layoutText = fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? ''),
        fc
          .array(jsonEdit, { minLength: 1, maxLength: 3 })
          // An edit may remove the whole value: JSON.stringify then gives undefined, which no file reads as.
          .map((edits) => JSON.stringify(mutateJson(LAYOUT, edits)) ?? ''),
      );
      fc.assert(
        fc.property(layoutText, (text) => {
          const result = checkLayoutFile(text, 'fuzz.layout.json', TARGET);
          if (!result.ok) expect(result.message).toMatch(/^Could not (load|import)/);
          else {
            // A file may hold fewer layers than the keyboard (the rest stay as they are), never more.
            expect(result.value.layers.length).toBeLessThanOrEqual(TARGET.layerCount);
            for (const layer of result.value.layers) expect(layer).toHaveLength(TARGET.keysPerLayer);
          }
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    '.tabml: any bytes decode or give the invalid-data message',
    () => {
      const grid = { rows: 2, cols: 3 };
      const valid = encodeTabml({ frames: 2, fps: 10, rows: 2, cols: 3, data: new Uint8Array(36).fill(7) });
      fc.assert(
        fc.property(nearly(valid), (bytes) => {
          const result = decodeTabml(bytes, grid);
          if ('error' in result) expect(result.error).toBe('Could not load file: invalid data.');
          else expect(result.data.length).toBe(result.frames * 2 * 3 * 3);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    '.uf2: any bytes parse to an image or an error, never a throw',
    () => {
      const valid = buildUf2(new Uint8Array(600).fill(0x5a));
      fc.assert(
        fc.property(nearly(valid), (bytes) => {
          const result = parseUf2(bytes);
          if ('error' in result) expect(typeof result.error).toBe('string');
          else expect(result).toBeTypeOf('object');
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'vendor config entries: any JSON gives a config or null, never a throw',
    () => {
      const real = JSON.parse(readFileSync('keyboards/tabkb/configs.json', 'utf8')) as Record<
        string,
        unknown
      >[];
      const aurora = real.find((entry) => entry.screen)!;
      const entry = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.array(jsonEdit, { minLength: 1, maxLength: 3 }).map((edits) => mutateJson(aurora, edits)),
      );
      fc.assert(
        fc.property(entry, (raw) => {
          const config = (raw ?? {}) as Record<string, unknown>;
          for (const read of [
            () => matrixLightingConfig(config.matrixLighting),
            () => firmwareConfig(config.firmware),
            () => screenConfig(config.screen),
            () => matrixLightingConfig(raw),
            () => screenConfig(raw),
          ]) {
            const value = read();
            expect(value === null || typeof value === 'object').toBe(true);
          }
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
