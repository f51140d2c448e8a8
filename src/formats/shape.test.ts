import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from './zod.ts';
import {
  arrayOf,
  boolean,
  either,
  int,
  nullable,
  number,
  object,
  oneOf,
  optional,
  orDefault,
  recordOf,
  string,
  tryRead,
  withDefault,
  type Reader,
} from './shape.ts';
import { readEepromImage } from '../virtual-keyboard/eepromImage.ts';
import { firmwareConfig } from './firmwareConfig.ts';
import { matrixLightingConfig } from './vendorConfig.ts';

/** Values near each reader's edges: the right types, the wrong ones, bounds ±1, nesting. */
const leaf = fc.oneof(
  fc.boolean(),
  fc.integer({ min: -3, max: 300 }),
  fc.constantFrom(0, 255, 256, -1, 0xffff, 0x10000, 1.5, Number.NaN, Infinity),
  fc.constantFrom('', 'a', '1.0.3', 'v2', 'v3', 'x'.repeat(65)),
  fc.constant(null),
  fc.constant(undefined),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, leaf, tie('list'), tie('object')),
  list: fc.array(tie('any'), { maxLength: 4 }),
  object: fc.dictionary(
    fc.constantFrom('keymap', 'frames', 'fps', 'data', 'url', 'sha256', 'v2'),
    tie('any'),
    {
      maxKeys: 4,
    },
  ),
})).any;

/** The reader accepts exactly what the zod schema written for the same rule accepts. */
function agrees<T>(read: Reader<T>, schema: z.ZodType, sample: fc.Arbitrary<unknown> = value) {
  fc.assert(
    fc.property(sample, (v) => {
      expect(tryRead(read, v).ok).toBe(schema.safeParse(v).success);
    }),
    { numRuns: 400 },
  );
}

describe('first-screen checks (formats/shape.ts) agree with zod', () => {
  it('leaves: booleans, bounded integers, finite numbers, texts, choices', () => {
    agrees(boolean, z.boolean());
    agrees(int(0, 255), z.number().int().min(0).max(255));
    agrees(number(0), z.number().min(0));
    agrees(string({ min: 1, max: 64 }), z.string().min(1).max(64));
    agrees(oneOf(['v2', 'v3']), z.enum(['v2', 'v3']));
  });

  it('lists, records, nullable, optional, defaults, alternatives', () => {
    agrees(arrayOf(int(0, 255), { max: 3 }), z.array(z.number().int().min(0).max(255)).max(3));
    agrees(recordOf(arrayOf(int(0, 255))), z.record(z.string(), z.array(z.number().int().min(0).max(255))));
    agrees(nullable(boolean), z.boolean().nullable());
    agrees(optional(string()), z.string().optional());
    agrees(withDefault(int(0, 9), 0), z.number().int().min(0).max(9).default(0));
    agrees(either(string(), arrayOf(string())), z.union([z.string(), z.array(z.string())]));
  });

  it('a stored EEPROM image: every field optional, bytes and words bounded, unknown fields kept', () => {
    const byte = z.number().int().min(0).max(255);
    agrees(
      readEepromImage,
      z.looseObject({
        keymap: z.array(byte).optional(),
        encoders: z.array(z.number().int().min(0).max(0xffff)).optional(),
        custom: z.record(z.string(), z.array(byte)).optional(),
        matrix: z
          .object({ frames: z.number().int().min(0), fps: z.number().min(0), data: z.string() })
          .nullish(),
      }),
      fc.record(
        {
          keymap: fc.array(fc.integer({ min: -1, max: 256 }), { maxLength: 4 }),
          encoders: fc.array(fc.integer({ min: -1, max: 0x10000 }), { maxLength: 3 }),
          custom: fc.dictionary(fc.string({ maxLength: 2 }), fc.array(fc.integer({ min: -1, max: 256 }))),
          matrix: fc.oneof(fc.constant(null), fc.record({ frames: leaf, fps: leaf, data: leaf })),
        },
        { requiredKeys: [] },
      ),
    );
  });
});

describe('what a failed check says', () => {
  it('names the path and the rule, like the Errors page shows it', () => {
    const read = object({ sounds: object({ volume: int(0, 100) }), names: arrayOf(string({ max: 3 })) });
    const why = (v: unknown) => {
      const result = tryRead(read, v);
      return result.ok ? 'accepted' : result.error.message;
    };
    expect(why({ sounds: { volume: 101 }, names: [] })).toBe(
      'sounds.volume: expected an integer from 0 to 100',
    );
    expect(why({ sounds: { volume: 1 }, names: ['ok', 'long'] })).toBe('names.1: expected 0 to 3 characters');
    expect(why([])).toBe('expected an object');
    expect(why({ sounds: { volume: 1 }, names: [] })).toBe('accepted');
  });

  it('orDefault keeps a bad field from taking its siblings down', () => {
    const read = object({ a: orDefault(int(0, 9), 5), b: boolean });
    expect(tryRead(read, { a: 'x', b: true })).toEqual({ ok: true, value: { a: 5, b: true } });
  });
});

describe('vendor config entries read without zod', () => {
  it('matrix lighting: frame limit from the tabml header, text length capped, bad entry disables the pane', () => {
    expect(
      matrixLightingConfig({ rows: 5, cols: 16, maxFrame: 999, texts: { count: 4, length: 999 } }),
    ).toEqual({
      rows: 5,
      cols: 16,
      maxFrame: 255,
      texts: { count: 4, length: expect.any(Number) as number },
    });
    expect(matrixLightingConfig({ rows: 5, cols: 16 })?.maxFrame).toBe(200);
    expect(matrixLightingConfig({ rows: 0, cols: 16 })).toBeNull();
  });

  it('firmware: the short form, files with SHA-256 by address, hosts checked', () => {
    expect(firmwareConfig('1.0.3')).toEqual({ version: '1.0.3', files: [], sha256: {}, hosts: [] });
    const sha = 'AB'.repeat(32);
    expect(firmwareConfig({ version: '1.2.0', files: ['a.uf2', { url: 'b.uf2', sha256: sha }] })).toEqual({
      version: '1.2.0',
      files: ['a.uf2', 'b.uf2'],
      sha256: { 'b.uf2': sha.toLowerCase() },
      hosts: [],
    });
    expect(firmwareConfig({ version: '1.2', files: [] })).toBeNull();
    expect(firmwareConfig({ version: '1.2.0', hosts: ['bad host'] })).toBeNull();
  });
});
