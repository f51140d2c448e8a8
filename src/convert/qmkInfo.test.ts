import { describe, expect, it } from 'vitest';
import { QMK_FILE_LIMITS, qmkInfoRefusals, readQmkInfo } from './qmkInfo.ts';
import { keymapJsonRefusals, readQmkKeymapJson } from './qmkKeymapJsonReader.ts';

const info = (layouts: object, extra: object = {}) => JSON.stringify({ layouts, ...extra });
const key = (row: number, col: number) => ({ matrix: [row, col], x: col, y: row });
const board = {
  name: 'Board',
  vendorProductId: 0x12345678,
  protocol: 12,
  rows: 1,
  cols: 2,
  layerCount: 1,
  keymap: [[4, 5]],
  encoderCount: 0,
  macroCount: 0,
};

describe('QMK files of hostile sizes (issue 33)', () => {
  it('a keyboard.json/info.json over a megabyte or nested deeper than 32 is refused before it is parsed', () => {
    const large = info({ LAYOUT: { layout: [key(0, 0)] } }, { notes: ' '.repeat(QMK_FILE_LIMITS.bytes) });
    expect(readQmkInfo(large)).toEqual(
      qmkInfoRefusals.refuse('tooLarge', { size: large.length.toLocaleString('en-US'), max: '1,000,000' }),
    );
    expect(readQmkInfo(large)).toMatchObject({
      message: `Could not read the keyboard.json/info.json: it is ${large.length.toLocaleString('en-US')} bytes; Keyloom reads QMK files of at most 1,000,000.`,
    });
    expect(readQmkInfo(`{"layouts":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)).toEqual(
      qmkInfoRefusals.refuse('tooDeep', { depth: 32 }),
    );
  });

  it('more LAYOUT macros or aliases than any keyboard has are refused, counted before the schema reads them', () => {
    const many = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`LAYOUT_${i}`, { layout: [{ matrix: [0, 0] }] }]),
    );
    expect(readQmkInfo(info(many))).toEqual(
      qmkInfoRefusals.refuse('tooMany', { where: 'layouts', limit: 256 }),
    );
    const aliases = Object.fromEntries(Array.from({ length: 257 }, (_, i) => [`L${i}`, 'LAYOUT']));
    expect(readQmkInfo(info({ LAYOUT: { layout: [key(0, 0)] } }, { layout_aliases: aliases }))).toEqual(
      qmkInfoRefusals.refuse('tooMany', { where: 'layout_aliases', limit: 256 }),
    );
    // 256 of each are read.
    const within = Object.fromEntries(
      Array.from({ length: 256 }, (_, i) => [`LAYOUT_${i}`, { layout: [key(0, 0)] }]),
    );
    const read = readQmkInfo(info(within));
    expect(read.ok && read.info.layouts).toHaveLength(256);
  });

  it('a LAYOUT of 20,000 keys is refused by its count', () => {
    const keys = Array.from({ length: 20_000 }, () => ({ matrix: [0, 0] }));
    const read = readQmkInfo(info({ LAYOUT: { layout: keys } }));
    expect(read).toEqual(qmkInfoRefusals.refuse('shape', { where: 'layouts.LAYOUT.layout' }));
  });

  it('a keymap.json over a megabyte is refused before it is parsed', () => {
    const read = readQmkInfo(info({ LAYOUT: { layout: [key(0, 0), key(0, 1)] } }));
    if (!read.ok) throw new Error(read.message);
    const large = JSON.stringify({
      layout: 'LAYOUT',
      layers: [['KC_A', 'KC_B']],
      notes: 'x'.repeat(QMK_FILE_LIMITS.bytes),
    });
    expect(readQmkKeymapJson(large, read.info, board)).toEqual(
      keymapJsonRefusals.refuse('tooLarge', { size: large.length.toLocaleString('en-US'), max: '1,000,000' }),
    );
    const fine = readQmkKeymapJson(
      JSON.stringify({ layout: 'LAYOUT', layers: [['KC_A', 'KC_B']] }),
      read.info,
      board,
    );
    expect(fine.ok && fine.file.layers).toEqual([['KC_A', 'KC_B']]);
  });
});
