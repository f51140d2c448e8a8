import { describe, expect, it } from 'vitest';
import { hasChanges, layoutChanges, type CurrentLayout } from './layoutChanges.ts';
import type { ParsedLayout } from './layoutFile.ts';

const PROTOCOL = 12;
const current = (): CurrentLayout => ({
  keymap: [
    [0x04, 0x05, 0x06, 0x07],
    [0x01, 0x01, 0x01, 0x01],
  ],
  cols: 2,
  encoders: [[[0x80, 0x81]], [[0x01, 0x01]]],
  macros: ['Hello', ''],
  protocol: PROTOCOL,
});
const file = (patch: Partial<ParsedLayout>): ParsedLayout => ({
  file: {} as ParsedLayout['file'],
  layers: current().keymap.map((l) => [...l]),
  encoders: null,
  macros: null,
  ...patch,
});

describe('layoutChanges', () => {
  it('the same layout changes nothing', () => {
    const changes = layoutChanges(
      current(),
      file({ macros: ['Hello', ''], encoders: [[[0x80, 0x81]], [[1, 1]]] }),
    );
    expect(changes).toEqual({ keys: [], keysPerLayer: [0, 0], macros: [], encoders: [] });
    expect(hasChanges(changes)).toBe(false);
  });

  it('lists exactly the changed keys with row, column and both codes, counted per layer', () => {
    const changes = layoutChanges(
      current(),
      file({
        layers: [
          [0x04, 0x1d, 0x06, 0x07],
          [0x01, 0x01, 0x2c, 0x00],
        ],
      }),
    );
    expect(changes.keys).toEqual([
      { layer: 0, row: 0, col: 1, from: 0x05, to: 0x1d },
      { layer: 1, row: 1, col: 0, from: 0x01, to: 0x2c },
      { layer: 1, row: 1, col: 1, from: 0x01, to: 0x00 },
    ]);
    expect(changes.keysPerLayer).toEqual([1, 2]);
  });

  it('a file with fewer layers leaves the others as they are', () => {
    expect(layoutChanges(current(), file({ layers: [[0x04, 0x05, 0x06, 0x07]] })).keysPerLayer).toEqual([
      0, 0,
    ]);
  });

  it('lists changed macros and encoder directions', () => {
    const changes = layoutChanges(
      current(),
      file({ macros: ['Hello', 'World'], encoders: [[[0x80, 0x2c]], [[0x01, 0x01]]] }),
    );
    expect(changes.macros).toEqual([{ index: 1, from: '', to: 'World' }]);
    expect(changes.encoders).toEqual([{ layer: 0, encoder: 0, clockwise: false, from: 0x81, to: 0x2c }]);
  });
});
