/**
 * How fast the files of the issue 33 audit (and their kin for every reader of a user's file) are refused: each
 * figure is the best of a few runs, beside the limit it must stay within. Refusals should take milliseconds;
 * the largest definition Keyloom accepts is read in the definition-check worker (services/definitionChecks.ts),
 * where it may take longer without holding the page. `npm run bench -- hostileFiles`.
 */
import { loadCommonMenus } from '../src/definitions/menus.ts';
import { checkServedDefinition } from '../src/definitions/servedDefinitionShape.ts';
import { readQmkInfo } from '../src/convert/qmkInfo.ts';
import { readQmkKeymapJson } from '../src/convert/qmkKeymapJsonReader.ts';
import { decodeShareLink } from '../src/convert/shareLink.ts';
import { checkLayoutFile } from '../src/formats/layoutFile.ts';
import { decodeTabml, TABML_MARKER } from '../src/formats/tabml.ts';
import { buildUf2, parseUf2 } from '../src/formats/uf2.ts';
import { scriptToMacro } from '../src/macros/macroCodec.ts';
import { runDefinitionCheck } from '../src/services/runDefinitionCheck.ts';
import { SerialTransferLink } from '../src/transfer/links.ts';
import { readVilFile, type VilTarget } from '../src/vial/vilFile.ts';
import { configFromDefinition } from '../src/virtual-keyboard/configFromDefinition.ts';
import {
  HOSTILE_DEFINITIONS,
  HOSTILE_IDS,
  largestAcceptedDefinition,
} from '../tests/support/hostileDefinitions.ts';
import { scriptedSerialPort } from '../tests/support/scriptedSerialPort.ts';
import type { Report } from './run.ts';

/** A refusal must take no longer (ms): far under the second the issue allows, on an idle machine. */
const REFUSAL_LIMIT = 100;

/** Milliseconds `fn` takes, the best of `times` (the machine may be shared). */
async function best(times: number, fn: () => unknown): Promise<number> {
  let min = Infinity;
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn();
    min = Math.min(min, performance.now() - start);
  }
  return min;
}

/** Runs `read` and fails the benchmark unless it refused (an ok: false result, an { error }, or a throw). */
const refused = (read: () => unknown) => async () => {
  let result: unknown;
  try {
    result = await read();
  } catch {
    return;
  }
  const r = result as { ok?: boolean; error?: unknown } | null;
  if (r && (r.ok === false || r.error !== undefined)) return;
  throw new Error('expected a refusal');
};

const TARGET = {
  name: 'Bench',
  vendorProductId: 0x12345678,
  protocol: 12,
  rows: 1,
  cols: 2,
  layerCount: 4,
  keymap: [[4, 5]],
  encoderCount: 0,
  macrosSupported: true,
  macroCount: 16,
  macroCapacity: 1023,
} satisfies VilTarget;

export async function run(report: Report) {
  const figure = async (name: string, read: () => unknown, note?: string, limit = REFUSAL_LIMIT) =>
    report({ name, value: await best(3, refused(read)), unit: 'ms', limit, ...(note ? { note } : {}) });
  // The compiler loads once (in the app: with the worker), before anything is timed.
  runDefinitionCheck({ call: 'readFile', text: '{}' });
  loadCommonMenus();

  for (const hostile of HOSTILE_DEFINITIONS) {
    const keyboard = { ...HOSTILE_IDS, protocol: hostile.version === 'v3' ? 12 : 10 };
    await figure(`definition file: ${hostile.name}`, () =>
      runDefinitionCheck({ call: 'checkFile', text: hostile.text, keyboard }),
    );
  }
  const largest = largestAcceptedDefinition();
  report({
    name: 'definition file: the largest Keyloom accepts (2,048 keys, 2,048 menu entries), read',
    value: await best(3, () => {
      if (!runDefinitionCheck({ call: 'readFile', text: largest }).ok) throw new Error('expected it read');
    }),
    unit: 'ms',
    limit: 1000,
    note: 'in the worker: the page keeps answering',
  });

  // Served definitions (the first screen's shape check) and the virtual keyboard built from one.
  const served = (extra: object) => ({
    name: 'Served',
    vendorProductId: 0x12345678,
    matrix: { rows: 1, cols: 1 },
    layouts: { width: 1, height: 1, keys: [{ x: 0, y: 0, w: 1, h: 1, r: 0, rx: 0, ry: 0, row: 0, col: 0 }] },
    menus: [],
    customKeycodes: [],
    firmwareVersion: 0,
    keycodes: [],
    ...extra,
  });
  const nullEntry = served({ menus: [null] });
  await figure('served definition: a menu entry that is null', () => checkServedDefinition(nullEntry, 'v3'));
  const hugeMatrix = served({ matrix: { rows: 2_147_483_651, cols: 1 } });
  await figure('served definition: matrix.rows 2,147,483,651', () => checkServedDefinition(hugeMatrix, 'v3'));
  const hugeLed = served({
    layouts: {
      width: 1,
      height: 1,
      keys: [{ x: 0, y: 0, w: 1, h: 1, r: 0, rx: 0, ry: 0, row: 0, col: 0, li: 2_147_483_693 }],
    },
  }) as unknown as Parameters<typeof configFromDefinition>[0];
  await figure(
    'virtual keyboard: built from a definition with LED index 2,147,483,693',
    () => configFromDefinition(hugeLed),
    'was no return after 100 s',
  );

  // Layout files, .vil, QMK files, share links, macro scripts: every text built before the clock starts.
  const blocks = (bytes: number) => '{KC_A}'.repeat(Math.floor(bytes / 6));
  const layout = (extra: object) =>
    JSON.stringify({
      name: 'Bench',
      vendorProductId: TARGET.vendorProductId,
      layers: [['KC_A', 'KC_B']],
      ...extra,
    });
  const layoutTarget = { ...TARGET, keysPerLayer: 2, macroCount: 2 };
  const longMacros = layout({ macros: [blocks(490_000), blocks(490_000)] });
  await figure(
    'layout file: two macros of 490 kB of keys each (1 MB)',
    () => checkLayoutFile(longMacros, 'bench.layout.json', layoutTarget),
    'was 4.6 s on a loaded machine',
  );
  const largeLayout = layout({ padding: ' '.repeat(2_000_000) });
  await figure('layout file: 2 MB', () => checkLayoutFile(largeLayout, 'bench.layout.json', layoutTarget));
  const vil = (extra: object) => JSON.stringify({ layout: [[['KC_A', 'KC_B']]], ...extra });
  const hugeDelay = vil({ macro: [[['delay', 1e13]]] });
  await figure('.vil: a delay of 1e13 ms', () => readVilFile(hugeDelay, TARGET), 'was minutes');
  const tapDances = vil({ tap_dance: new Array(20_000).fill(['KC_A', 'KC_B', 'KC_NO', 'KC_NO', 200]) });
  await figure(
    '.vil: 20,000 tap dance entries (650 kB)',
    () => readVilFile(tapDances, TARGET),
    '200,000 took 87 s',
  );
  const emptyActions = vil({ macro: [new Array(250_000).fill([])] });
  await figure('.vil: 250,000 empty macro actions (1 MB)', () => readVilFile(emptyActions, TARGET));
  const deepVil = `{"layout":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
  await figure('.vil: 100,000-deep nesting', () => readVilFile(deepVil, TARGET));
  const manyLayouts = JSON.stringify({
    layouts: Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`LAYOUT_${i}`, { layout: [{ matrix: [0, 0] }] }]),
    ),
  });
  await figure('keyboard.json/info.json: 10,000 LAYOUT macros', () => readQmkInfo(manyLayouts));
  const info = readQmkInfo(
    JSON.stringify({ layouts: { LAYOUT: { layout: [{ matrix: [0, 0] }, { matrix: [0, 1] }] } } }),
  );
  if (!info.ok) throw new Error(info.message);
  const wideKeymap = JSON.stringify({
    layout: 'LAYOUT',
    layers: new Array(32).fill(new Array(25_000).fill('KC_A')),
  });
  await figure('keymap.json: 32 layers of 25,000 keys', () =>
    readQmkKeymapJson(wideKeymap, info.info, TARGET),
  );
  const noise = `#/keymap?k=${'A'.repeat(399_999)}`;
  await figure('share link: 400,000 characters of noise', () => decodeShareLink(noise));
  const textRun = 'a'.repeat(120_000);
  await figure(
    'macro script: 120,000-character text run, 1 kB buffer',
    () => scriptToMacro(textRun, 12, { capacity: 1023 }),
    'was "Maximum call stack size exceeded"',
  );
  const megabyteOfKeys = blocks(1_000_000);
  await figure('macro script: 1 MB of keys, 64 kB buffer', () =>
    scriptToMacro(megabyteOfKeys, 12, { capacity: 0xfffe }),
  );

  // Binary files and the serial port.
  const tabml = new Uint8Array(8_000_000);
  tabml.set(new TextEncoder().encode(TABML_MARKER));
  // 255 frames of this 6×21 grid, and megabytes more than they take.
  tabml.set([255, 10, 6, 21], TABML_MARKER.length);
  await figure('.tabml: 8 MB claiming 255 frames of a 6×21 grid', () =>
    decodeTabml(tabml, { rows: 6, cols: 21 }),
  );
  const uf2 = buildUf2(new Uint8Array(2 * 1024 * 1024).fill(0x5a));
  const short = uf2.subarray(512);
  await figure('UF2: 2 MB image one block short', () => parseUf2(short));
  report({
    name: 'serial: a board sending 200,000 bytes at once, three times (SERIAL_FLOOD)',
    value: await best(
      3,
      refused(async () => {
        const link = new SerialTransferLink(
          scriptedSerialPort(() => new Uint8Array(200_000)),
          undefined,
          200,
        );
        await link.send(0xc0, [1], true);
      }),
    ),
    unit: 'ms',
    limit: REFUSAL_LIMIT,
    note: 'was "Maximum call stack size exceeded"',
  });
}
