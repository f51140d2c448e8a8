import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cCompiler } from '../../tests/support/compileKeymap.ts';
import { preprocessKeymap, readDevicetreeKeymap } from '../../tests/support/zmkDevicetree.ts';
import { readZmkKeymapText, type ReadBinding } from '../../tests/support/zmkKeymapReader.ts';
import type { ZmkParamSet, ZmkParamValue } from '../zmk/behavior.ts';
import type { ZmkBinding, ZmkKeyGeometry } from '../zmk/keymapData.ts';
import { writeZmkKeymap } from './zmkKeymap.ts';
import type { ZmkKeymapSnapshot } from './zmkSnapshot.ts';

const cc = cCompiler();

const hid: ZmkParamValue = { name: 'Key', kind: 'hidUsage', keyboardMax: 0xff, consumerMax: 0xfff };
const layer: ZmkParamValue = { name: 'Layer', kind: 'layerId' };
const constant = (value: number): ZmkParamValue => ({ name: `c${value}`, kind: 'constant', value });
const constants = (...values: number[]): ZmkParamSet[] => [{ param1: values.map(constant), param2: [] }];

type Cell = 'usage' | 'layer' | 'number';
/**
 * Behaviors as a firmware reports them, with what the test expects in the file: the label (from ZMK's .dtsi,
 * written down here by hand; null: Keyloom cannot name it) and the kind of each cell.
 */
interface PoolEntry {
  displayName: string;
  sets: ZmkParamSet[];
  label: string | null;
  cells: Cell[];
}
const POOL: PoolEntry[] = [
  { displayName: 'Key Press', sets: [{ param1: [hid], param2: [] }], label: 'kp', cells: ['usage'] },
  { displayName: 'Key Toggle', sets: [{ param1: [hid], param2: [] }], label: 'kt', cells: ['usage'] },
  { displayName: 'Sticky Key', sets: [{ param1: [hid], param2: [] }], label: 'sk', cells: ['usage'] },
  {
    displayName: 'Mod-Tap',
    sets: [{ param1: [hid], param2: [hid] }],
    label: 'mt',
    cells: ['usage', 'usage'],
  },
  {
    displayName: 'Layer-Tap',
    sets: [{ param1: [layer], param2: [hid] }],
    label: 'lt',
    cells: ['layer', 'usage'],
  },
  ...(
    [
      ['Momentary Layer', 'mo'],
      ['Toggle Layer', 'tog'],
      ['To Layer', 'to'],
      ['Sticky Layer', 'sl'],
    ] as const
  ).map(([displayName, label]) => ({
    displayName,
    sets: [{ param1: [layer], param2: [] }],
    label,
    cells: ['layer' as const],
  })),
  ...(
    [
      ['Transparent', 'trans'],
      ['None', 'none'],
      ['Grave/Escape', 'gresc'],
      ['Reset', 'sys_reset'],
      ['Bootloader', 'bootloader'],
      ['Caps Word', 'caps_word'],
      ['Key Repeat', 'key_repeat'],
      ['Studio Unlock', 'studio_unlock'],
      ['z_so_off', 'soft_off'],
    ] as const
  ).map(([displayName, label]) => ({ displayName, sets: [], label, cells: [] })),
  { displayName: 'Bluetooth', sets: constants(0, 1, 2, 3, 4, 5), label: 'bt', cells: ['number', 'number'] },
  { displayName: 'Output Selection', sets: constants(0, 1, 2, 3), label: 'out', cells: ['number'] },
  { displayName: 'Underglow', sets: constants(0, 1, 2, 3, 11), label: 'rgb_ug', cells: ['number', 'number'] },
  { displayName: 'Backlight', sets: constants(0, 1, 2, 6), label: 'bl', cells: ['number', 'number'] },
  { displayName: 'External Power', sets: [], label: 'ext_power', cells: ['number'] },
  { displayName: 'Mouse Key Press', sets: constants(1, 2, 4, 8, 16), label: 'mkp', cells: ['number'] },
  { displayName: 'mouse_move', sets: [], label: 'mmv', cells: ['number'] },
  { displayName: 'mouse_scroll', sets: [], label: 'msc', cells: ['number'] },
  // The user's own: one given a label (below), two the file can only hold in a comment.
  {
    displayName: 'Home Row Mods',
    sets: [{ param1: [hid], param2: [hid] }],
    label: 'hm',
    cells: ['usage', 'usage'],
  },
  { displayName: 'My Macro', sets: [], label: null, cells: [] },
  { displayName: 'Layer Dance', sets: [{ param1: [layer], param2: [] }], label: null, cells: ['layer'] },
];
const LABELS = { 'Home Row Mods': 'hm' };

const usage = fc
  .record({
    mods: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xff })),
    consumer: fc.boolean(),
    id: fc.integer({ min: 1, max: 0x3ff }),
  })
  .map(
    ({ mods, consumer, id }) =>
      ((mods << 24) | (consumer ? 0x0c0000 | id : 0x070000 | (id & 0xff || 4))) >>> 0,
  );
/** A layer parameter as an index into the layers' ids, or (rarely) an id no layer has. */
const layerPick = fc.integer({ min: 0, max: 99 });
const number = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 0xffffffff }));

/** A binding as [pool entry, raw cells]; layer cells are picks, resolved against the layer ids below. */
const binding = fc
  .integer({ min: 0, max: POOL.length - 1 })
  .chain((entry) =>
    fc.tuple(
      fc.constant(entry),
      fc.tuple(
        ...POOL[entry]!.cells.map((cell) =>
          cell === 'usage' ? usage : cell === 'layer' ? layerPick : number,
        ),
      ) as fc.Arbitrary<number[]>,
    ),
  );
const key = fc.record({
  x: fc.integer({ min: 0, max: 2000 }),
  y: fc.integer({ min: 0, max: 800 }),
  width: fc.integer({ min: 100, max: 225 }),
});

const keymaps = fc
  .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 30 }))
  .chain(([layerCount, positions]) =>
    fc.record({
      ids: fc.uniqueArray(fc.integer({ min: 0, max: 31 }), { minLength: layerCount, maxLength: layerCount }),
      behaviorIds: fc.uniqueArray(fc.integer({ min: 1, max: 0xffff }), {
        minLength: POOL.length,
        maxLength: POOL.length,
      }),
      names: fc.array(fc.string({ maxLength: 19 }), { minLength: layerCount, maxLength: layerCount }),
      bindings: fc.array(fc.array(binding, { minLength: positions, maxLength: positions }), {
        minLength: layerCount,
        maxLength: layerCount,
      }),
      keys: fc.array(key, { maxLength: positions }),
      available: fc.integer({ min: 0, max: 3 }),
    }),
  );

describe('ZMK .keymap round trip', () => {
  it('every binding of a generated keymap is written and reads back as the same behavior and parameters', () => {
    fc.assert(
      fc.property(keymaps, ({ ids, behaviorIds, names, bindings, keys, available }) => {
        const layerId = (pick: number) => (pick < 90 ? ids[pick % ids.length]! : 40 + pick);
        const snapshot: ZmkKeymapSnapshot = {
          keyboardName: 'Generated',
          behaviors: POOL.map((p, i) => ({ id: behaviorIds[i]!, displayName: p.displayName, sets: p.sets })),
          physicalLayouts: {
            activeIndex: 0,
            layouts: [
              {
                name: 'Only',
                keys: keys.map((k): ZmkKeyGeometry => ({ ...k, height: 100, r: 0, rx: 0, ry: 0 })),
              },
            ],
          },
          keymap: {
            layers: ids.map((id, l) => ({
              id,
              name: names[l]!,
              bindings: bindings[l]!.map(([entry, cells]): ZmkBinding => {
                const values = cells.map((v, c) => (POOL[entry]!.cells[c] === 'layer' ? layerId(v) : v));
                return { behaviorId: behaviorIds[entry]!, param1: values[0] ?? 0, param2: values[1] ?? 0 };
              }),
            })),
            availableLayers: available,
            maxLayerNameLength: 20,
          },
        };
        const result = writeZmkKeymap(snapshot, { labels: LABELS });
        if (!result.ok) throw new Error(result.message);
        const read = readZmkKeymapText(result.files[0]!.text);
        expect(read.layers.filter((l) => l.status === 'reserved')).toHaveLength(available);
        const shown = read.layers.filter((l) => l.status === null);
        expect(shown.map((l) => l.displayName ?? '')).toEqual(names);
        bindings.forEach((layerBindings, l) => {
          const expected = layerBindings.map(([entry, cells]): ReadBinding | 'comment' => {
            const { label, cells: kinds } = POOL[entry]!;
            const missing = kinds.some((kind, c) => kind === 'layer' && layerId(cells[c]!) >= 32);
            if (label === null || missing) return 'comment';
            const values = cells.map((v, c) => (kinds[c] === 'layer' ? ids.indexOf(layerId(v)) : v));
            return { label, cells: values, comment: null };
          });
          const actual = shown[l]!.bindings.map((b): ReadBinding | 'comment' =>
            b.label === 'none' && b.comment !== null ? 'comment' : b,
          );
          expect(actual).toEqual(expected);
        });
      }),
    );
  });

  it.skipIf(!cc)(
    "names every ZMK behavior and parameter as ZMK's own headers do (preprocessed against them)",
    () => {
      // Every behavior of POOL but the mouse ones (pointing.h needs Zephyr's util macros, not vendored) and the
      // user's own, with the commands and constants ZMK's headers name.
      const cases: [string, number, number][] = [
        ['Key Press', 0x02070004, 0],
        ['Key Press', 0x0c00e9, 0],
        ['Key Press', 0x85070005, 0],
        ['Key Toggle', 0x0700e1, 0],
        ['Sticky Key', 0x0700e5, 0],
        ['Mod-Tap', 0x0700e0, 0x070029],
        ['Layer-Tap', 1, 0x07002c],
        ['Momentary Layer', 1, 0],
        ['Toggle Layer', 1, 0],
        ['To Layer', 0, 0],
        ['Sticky Layer', 1, 0],
        ...['Transparent', 'None', 'Grave/Escape', 'Reset', 'Bootloader', 'Caps Word', 'Key Repeat']
          .concat(['Studio Unlock', 'z_so_off'])
          .map((name): [string, number, number] => [name, 0, 0]),
        ...[0, 1, 2, 4].map((cmd): [string, number, number] => ['Bluetooth', cmd, 0]),
        ['Bluetooth', 3, 4],
        ['Bluetooth', 5, 2],
        ['Bluetooth', 1, 3],
        ...[0, 1, 2, 3].map((out): [string, number, number] => ['Output Selection', out, 0]),
        ...Array.from({ length: 13 }, (_, cmd): [string, number, number] => ['Underglow', cmd, 0]),
        ['Underglow', 13, 2],
        ['Underglow', 14, 0x01020304],
        ...Array.from({ length: 6 }, (_, cmd): [string, number, number] => ['Backlight', cmd, 0]),
        ['Backlight', 6, 50],
        ...[0, 1, 2].map((ep): [string, number, number] => ['External Power', ep, 0]),
      ];
      const snapshot: ZmkKeymapSnapshot = {
        keyboardName: 'Every behavior',
        behaviors: POOL.map((p, i) => ({ id: i + 1, displayName: p.displayName, sets: p.sets })),
        physicalLayouts: { activeIndex: 0, layouts: [] },
        keymap: {
          layers: [0, 1].map((id) => ({
            id,
            name: `L${id}`,
            bindings: cases.map(([name, param1, param2]) => ({
              behaviorId: POOL.findIndex((p) => p.displayName === name) + 1,
              param1,
              param2,
            })),
          })),
          availableLayers: 0,
          maxLayerNameLength: 20,
        },
      };
      const result = writeZmkKeymap(snapshot);
      if (!result.ok) throw new Error(result.message);
      const tree = readDevicetreeKeymap(cc!, preprocessKeymap(cc!, result.files[0]!.text));
      expect(
        tree.layers[0]!.bindings.map((b) => [tree.bindingCells.get(b.label) === b.cells.length, b.label]),
      ).toEqual(cases.map(([name]) => [true, POOL.find((p) => p.displayName === name)!.label]));
      expect(tree.layers[0]!.bindings.map((b) => b.cells)).toEqual(
        cases.map(([name, param1, param2]) =>
          [param1, param2].slice(0, POOL.find((p) => p.displayName === name)!.cells.length),
        ),
      );
    },
  );
});
