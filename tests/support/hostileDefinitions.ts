/**
 * The definition files of the issue 33 audit that froze the page or crashed a reader, rebuilt from its report:
 * small files with one huge count. Shared by the tests that refuse each (`src/definitions/definitionLimits.test.ts`)
 * and the benchmark that times the refusals (`bench/hostileFiles.bench.ts`).
 */
import type { LimitSubject } from '../../src/definitions/definitionLimits.ts';

/** The ids every hostile file claims (and the keyboard it is brought for has): 1234:5678. */
export const HOSTILE_IDS = { vendorId: 0x1234, productId: 0x5678 };
const VENDOR_PRODUCT_ID = 0x1234 * 65536 + 0x5678;

export interface HostileDefinition {
  name: string;
  /** The file's text. */
  text: string;
  /** 'v3' unless said otherwise. */
  version: 'v2' | 'v3';
  /** The size limit its refusal names. */
  subject: LimitSubject;
}

const source = (layouts: object, extra: object = {}) => ({
  name: 'Hostile',
  vendorId: '0x1234',
  productId: '0x5678',
  matrix: { rows: 4, cols: 4 },
  layouts,
  menus: [],
  ...extra,
});

const served = (keys: object[], extra: object = {}) => ({
  name: 'Hostile',
  vendorProductId: VENDOR_PRODUCT_ID,
  firmwareVersion: 0,
  matrix: { rows: 4, cols: 4 },
  layouts: { width: 1, height: 1, keys, optionKeys: {} },
  menus: [],
  keycodes: [],
  ...extra,
});

const key = (extra: object = {}) => ({
  x: 0,
  y: 0,
  w: 1,
  h: 1,
  r: 0,
  rx: 0,
  ry: 0,
  row: 0,
  col: 0,
  ...extra,
});

/** `count` numbers in one KLE row: each fails both of the entry's schema types. */
const numbersRow = (count: number) => [Array.from({ length: count }, () => 10)];

/** A list nested `depth` deep, written as text (building it as a value would need the recursion it tests). */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

export const HOSTILE_DEFINITIONS: readonly HostileDefinition[] = [
  {
    name: 'v3 source, one KLE row of 8,000 entries (24 kB)',
    text: JSON.stringify(source({ keymap: numbersRow(8_000) })),
    version: 'v3',
    subject: 'rowEntries',
  },
  {
    name: 'v2 source, one KLE row of 8,000 entries',
    text: JSON.stringify({
      ...source({ keymap: numbersRow(8_000) }, { lighting: 'none' }),
      menus: undefined,
    }),
    version: 'v2',
    subject: 'rowEntries',
  },
  {
    name: 'v3 source, one KLE row of 100,000 entries',
    text: JSON.stringify(source({ keymap: numbersRow(100_000) })),
    version: 'v3',
    subject: 'rowEntries',
  },
  {
    name: 'v3 source, 8,000 keys at 0,0 in one row',
    text: JSON.stringify(source({ keymap: [Array.from({ length: 8_000 }, () => '0,0')] })),
    version: 'v3',
    subject: 'rowEntries',
  },
  {
    name: 'VIA form, 8,000 keys',
    text: JSON.stringify(served(Array.from({ length: 8_000 }, () => key()))),
    version: 'v3',
    subject: 'keys',
  },
  {
    name: 'v3 source, LED index 2,147,483,693 in a legend',
    text: JSON.stringify(source({ keymap: [['0,0\nl2147483693']] })),
    version: 'v3',
    subject: 'ledIndex',
  },
  {
    name: 'VIA form, LED index 2,147,483,693',
    text: JSON.stringify(served([key({ li: 2_147_483_693 })])),
    version: 'v3',
    subject: 'ledIndex',
  },
  {
    name: 'VIA form, encoder index 1,000,000',
    text: JSON.stringify(served([key({ ei: 1_000_000 })])),
    version: 'v3',
    subject: 'encoderIndex',
  },
  {
    name: 'VIA form, matrix.rows 2,147,483,651',
    text: JSON.stringify(served([key()], { matrix: { rows: 2_147_483_651, cols: 4 } })),
    version: 'v3',
    subject: 'matrixRows',
  },
  {
    name: 'v3 source, matrix.rows 100,000',
    text: JSON.stringify({ ...source({ keymap: [['0,0']] }), matrix: { rows: 100_000, cols: 4 } }),
    version: 'v3',
    subject: 'matrixRows',
  },
  {
    name: 'VIA form, 200×200 matrix (40,000 positions)',
    text: JSON.stringify(served([key()], { matrix: { rows: 200, cols: 200 } })),
    version: 'v3',
    subject: 'matrixPositions',
  },
  {
    name: 'v3 source, 40 layout options',
    text: JSON.stringify(
      source({ keymap: [['0,0']], labels: Array.from({ length: 40 }, (_, i) => `o${i}`) }),
    ),
    version: 'v3',
    subject: 'labels',
  },
  {
    name: 'v3 source, menus of 5,000 entries',
    text: JSON.stringify(
      source(
        { keymap: [['0,0']] },
        {
          menus: [
            { label: 'M', content: Array.from({ length: 5_000 }, () => ({ label: 'S', content: [] })) },
          ],
        },
      ),
    ),
    version: 'v3',
    subject: 'menuEntries',
  },
  {
    name: 'v3 source, a name of 900,000 characters',
    text: JSON.stringify({ ...source({ keymap: [['0,0']] }), name: 'x'.repeat(900_000) }),
    version: 'v3',
    subject: 'stringLength',
  },
  {
    name: 'v3 source, customKeycodes nested 100,000 deep',
    text: JSON.stringify(source({ keymap: [['0,0']] })).replace(
      /}$/,
      `,"customKeycodes":${nested(100_000)}}`,
    ),
    version: 'v3',
    subject: 'depth',
  },
  {
    name: 'v3 source, 2,000,000 bytes',
    text: JSON.stringify({ ...source({ keymap: [['0,0']] }), padding: ' '.repeat(2_000_000) }),
    version: 'v3',
    subject: 'fileBytes',
  },
];

/**
 * The largest definition Keyloom accepts, every count at its limit (definitionLimits.ts): 2,048 keys in 8 KLE
 * rows of 256, a 64×32 matrix, LED and encoder indexes up to 255, 32 one-bit layout options, 2,048 menu entries
 * and 256 custom keycodes — what a check must still read quickly.
 */
export function largestAcceptedDefinition(): string {
  const rows = 8;
  const perRow = 256;
  const keymap = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: perRow }, (_, c) => {
      const i = r * perRow + c;
      // Every key on its own matrix position; one in eight also names an LED, one in 64 an encoder.
      const legends = [`${Math.floor(i / 32)},${i % 32}`, i % 8 === 0 ? `l${(i / 8) % 256}` : ''];
      return legends.join('\n') + (i % 64 === 0 ? `\n\n\n\n\n\n\n\ne${(i / 64) % 256}` : '');
    }),
  );
  const labels = Array.from({ length: 32 }, (_, i) => `Option ${i}`);
  // Each option's choice 0 and 1: one key each, at a free matrix position of the last row.
  const optionRow = labels.flatMap((_, g) => [`63,${g % 32}\n\n\n${g},0`, `63,${g % 32}\n\n\n${g},1`]);
  const control = (i: number) => ({
    label: `Value ${i}`,
    type: 'range',
    options: [0, 255],
    content: [`id_v${i}`, 0, i % 256],
  });
  // 8 menus × (1 + 255 controls) = 2,048 entries.
  const menus = Array.from({ length: 8 }, (_, m) => ({
    label: `Menu ${m}`,
    content: [{ label: 'Settings', content: Array.from({ length: 254 }, (_, i) => control(m * 254 + i)) }],
  }));
  return JSON.stringify({
    name: 'Largest accepted',
    vendorId: '0x1234',
    productId: '0x5678',
    matrix: { rows: 64, cols: 32 },
    layouts: {
      keymap: [
        ...keymap.slice(0, rows - 1),
        keymap[rows - 1]!.slice(0, perRow - optionRow.length),
        optionRow,
      ],
      labels,
    },
    menus,
    customKeycodes: Array.from({ length: 256 }, (_, i) => ({ name: `CK_${i}`, title: `Custom ${i}` })),
  });
}
