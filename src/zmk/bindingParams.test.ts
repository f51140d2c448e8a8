import { describe, expect, it } from 'vitest';
import {
  alternativeShown,
  alternativeStart,
  layerChoices,
  bindingProblem,
  DEFAULT_HID_USAGE,
  defaultParams,
  editorOffers,
  editorStart,
  param1Editor,
  param2Editor,
  paramEditor,
  paramText,
  type ZmkSingleEditor,
} from './bindingParams.ts';
import { decodeHidUsage, encodeHidUsage, isValidHidUsage, ZMK_MODS } from './hidUsage.ts';
import type { ZmkBehavior, ZmkParamValue } from './behavior.ts';

const key: ZmkParamValue = { name: 'Key', kind: 'hidUsage', keyboardMax: 0xff, consumerMax: 0xff };
const layer: ZmkParamValue = { name: 'Layer', kind: 'layerId' };
const layers = [
  { id: 0, name: 'Base' },
  { id: 2, name: 'Nav' },
  { id: 1, name: 'Num' },
];
const ids = layers.map((l) => l.id);

const kp: ZmkBehavior = { id: 1, displayName: 'Key Press', sets: [{ param1: [key], param2: [] }] };
const lt: ZmkBehavior = { id: 3, displayName: 'Layer-Tap', sets: [{ param1: [layer], param2: [key] }] };
const trans: ZmkBehavior = { id: 9, displayName: 'Transparent', sets: [] };
// ZMK's &bt: two sets, the second with a profile number.
const bt: ZmkBehavior = {
  id: 11,
  displayName: 'Bluetooth',
  sets: [
    {
      param1: [
        { name: 'Next Profile', kind: 'constant', value: 1 },
        { name: 'Clear Selected Profile', kind: 'constant', value: 0 },
      ],
      param2: [],
    },
    {
      param1: [
        { name: 'Select Profile', kind: 'constant', value: 3 },
        { name: 'Disconnect Profile', kind: 'constant', value: 5 },
      ],
      param2: [{ name: 'Profile', kind: 'range', min: 0, max: 5 }],
    },
  ],
};
const A = 0x070004;

describe('HID usages', () => {
  it('pack implicit modifiers, page and id as ZMK does (LS(A) = 0x02070004)', () => {
    expect(encodeHidUsage({ modifiers: ZMK_MODS.LSFT, page: 7, id: 4 })).toBe(0x02070004);
    expect(decodeHidUsage(0x81070004)).toEqual({ modifiers: 0x81, page: 7, id: 4 });
    expect(encodeHidUsage(decodeHidUsage(0xff0c00e9))).toBe(0xff0c00e9);
  });

  it('accept keyboard usages up to the maximum and the modifier keys, consumer usages up to theirs', () => {
    expect(isValidHidUsage(A, 0x67, 0xff)).toBe(true);
    expect(isValidHidUsage(0x070068, 0x67, 0xff)).toBe(false);
    expect(isValidHidUsage(0x0700e1, 0x67, 0xff)).toBe(true);
    expect(isValidHidUsage(0x070000, 0xff, 0xff)).toBe(false);
    expect(isValidHidUsage(0x0c00e9, 0xff, 0xff)).toBe(true);
    expect(isValidHidUsage(0x0c0183, 0xff, 0xff)).toBe(false);
    expect(isValidHidUsage(0x0c0183, 0xff, 0xfff)).toBe(true);
    expect(isValidHidUsage(0x090001, 0xff, 0xff)).toBe(false);
  });
});

describe('the editor for one parameter', () => {
  it('is nothing for no descriptions or a lone nil', () => {
    expect(paramEditor([], layers)).toEqual({ kind: 'none' });
    expect(paramEditor([{ name: '', kind: 'nil' }], layers)).toEqual({ kind: 'none' });
  });

  it('is a list for constants, a number for a range, the picker for a usage, layer names for a layer id', () => {
    expect(paramEditor(bt.sets[1]!.param1, layers)).toEqual({
      kind: 'choice',
      label: 'Select Profile',
      options: [
        { value: 3, label: 'Select Profile' },
        { value: 5, label: 'Disconnect Profile' },
      ],
    });
    expect(paramEditor(bt.sets[1]!.param2, layers)).toEqual({
      kind: 'range',
      label: 'Profile',
      min: 0,
      max: 5,
    });
    expect(paramEditor([key], layers)).toEqual({
      kind: 'hidUsage',
      label: 'Key',
      keyboardMax: 0xff,
      consumerMax: 0xff,
    });
    expect(paramEditor([layer], layers)).toEqual({ kind: 'layer', label: 'Layer', layers, removed: [] });
  });

  it('offers alternatives when the descriptions mix kinds, with nil as the value 0 of the list', () => {
    const editor = paramEditor(
      [{ name: 'Off', kind: 'nil' }, { name: 'Level', kind: 'range', min: 1, max: 10 }, layer],
      layers,
    );
    expect(editor.kind).toBe('alternatives');
    expect(editor.kind === 'alternatives' && editor.alternatives.map((a) => a.kind)).toEqual([
      'choice',
      'range',
      'layer',
    ]);
  });

  it('says which alternative holds a value, and where each starts when the user switches to it', () => {
    const editor = paramEditor(
      [{ name: 'Off', kind: 'nil' }, { name: 'Level', kind: 'range', min: 1, max: 10 }, layer],
      layers,
    );
    if (editor.kind !== 'alternatives') throw new Error('alternatives expected');
    const [choice, range, layerEditor] = editor.alternatives;
    expect([0, 5].map((v) => editor.alternatives.findIndex((a) => editorOffers(a, v)))).toEqual([0, 1]);
    expect(editorOffers(range!, 11)).toBe(false);
    expect([choice, range, layerEditor].map((a) => editorStart(a!))).toEqual([0, 1, layers[0]!.id]);
    expect(editorStart({ kind: 'hidUsage', label: 'Key', keyboardMax: 0xff, consumerMax: 0xff })).toBe(
      DEFAULT_HID_USAGE,
    );
  });

  it('skips description kinds this revision does not know', () => {
    expect(paramEditor([{ name: 'x', kind: 'unknown' }, layer], layers)).toEqual({
      kind: 'layer',
      label: 'Layer',
      layers,
      removed: [],
    });
  });

  it('for param1 joins every set; for param2 takes the sets param1 selects', () => {
    expect(param1Editor(bt, layers)).toMatchObject({
      kind: 'choice',
      options: [{ value: 1 }, { value: 0 }, { value: 3 }, { value: 5 }],
    });
    expect(param2Editor(bt, 1, layers)).toEqual({ kind: 'none' });
    expect(param2Editor(bt, 3, layers)).toEqual({ kind: 'range', label: 'Profile', min: 0, max: 5 });
    expect(param2Editor(lt, 2, layers)).toMatchObject({ kind: 'hidUsage' });
  });
});

describe('binding rules', () => {
  it('a behavior without sets takes only 0, 0', () => {
    expect(bindingProblem(trans, 0, 0, ids)).toBeNull();
    expect(bindingProblem(trans, 1, 0, ids)).toBe('param1');
    expect(bindingProblem(trans, 0, 4, ids)).toBe('param2');
  });

  it('an empty slot takes only 0 (&kp A with a param2 is refused)', () => {
    expect(bindingProblem(kp, A, 0, ids)).toBeNull();
    expect(bindingProblem(kp, A, 1, ids)).toBe('param2');
  });

  it('param1 and param2 must fit the same set', () => {
    expect(bindingProblem(bt, 3, 2, ids)).toBeNull();
    expect(bindingProblem(bt, 1, 2, ids)).toBe('param2');
    expect(bindingProblem(bt, 2, 0, ids)).toBe('param1');
    expect(bindingProblem(bt, 3, 6, ids)).toBe('param2');
  });

  it('a layer parameter must be an existing layer id (not an index, not a missing id)', () => {
    expect(bindingProblem(lt, 2, A, ids)).toBeNull();
    expect(bindingProblem(lt, 3, A, ids)).toBe('param1');
    expect(bindingProblem(lt, 2, 0x070000, ids)).toBe('param2');
  });
});

describe('default parameters when switching a key to a behavior', () => {
  it('keep the current ones when they fit (&kp A → &sk A)', () => {
    const sk: ZmkBehavior = { id: 8, displayName: 'Sticky Key', sets: [{ param1: [key], param2: [] }] };
    expect(defaultParams(sk, layers, { param1: A, param2: 0 })).toEqual({ param1: A, param2: 0 });
  });

  it('move a key to the tap slot and take the second layer (&kp B → &lt 2 B)', () => {
    expect(defaultParams(lt, layers, { param1: A + 1, param2: 0 })).toEqual({ param1: 2, param2: A + 1 });
  });

  it('fill a slot nothing fits with its first value (&bt SEL 1 → &lt: layer 2, key A)', () => {
    expect(defaultParams(lt, layers, { param1: 3, param2: 1 })).toEqual({
      param1: 2,
      param2: DEFAULT_HID_USAGE,
    });
  });

  it('take the first constant, a range minimum, 0 for no parameters', () => {
    expect(defaultParams(bt, layers)).toEqual({ param1: 0, param2: 0 });
    expect(defaultParams(bt, layers, { param1: 7, param2: 0 })).toEqual({ param1: 1, param2: 0 });
    expect(defaultParams(trans, layers, { param1: A, param2: 3 })).toEqual({ param1: 0, param2: 0 });
  });

  it('give up on a behavior whose only description this revision cannot fill', () => {
    const future: ZmkBehavior = {
      id: 40,
      displayName: 'New',
      sets: [{ param1: [{ name: 'x', kind: 'unknown' }], param2: [] }],
    };
    expect(defaultParams(future, layers)).toBeNull();
  });
});

describe('parameter text', () => {
  it('names constants and layers (by id), prints range values, leaves usages to the legends', () => {
    expect(paramText(bt.sets[1]!.param1, 5, layers)).toBe('Disconnect Profile');
    expect(paramText([layer], 1, layers)).toBe('Num');
    expect(paramText(bt.sets[1]!.param2, 4, layers)).toBe('4');
    expect(paramText([key], A, layers)).toBeNull();
    expect(paramText([layer], 7, layers)).toBeNull();
  });
});

describe('the layers a binding may name', () => {
  it('the order by id and name (the id for none), then removed layers not back in it, marked', () => {
    const layer = (id: number, name: string) => ({ id, name, bindings: [] });
    expect(layerChoices([layer(0, 'Base'), layer(2, '')], [layer(1, 'Lower'), layer(2, '')])).toEqual([
      { id: 0, name: 'Base' },
      { id: 2, name: '2' },
      { id: 1, name: 'Lower', removed: true },
    ]);
  });
});

describe('a parameter that takes several kinds (a layer or a number)', () => {
  const kinds = [
    {
      kind: 'layer',
      label: 'Layer',
      layers: [
        { id: 0, name: 'Base' },
        { id: 2, name: 'Raise' },
      ],
      removed: [],
    },
    { kind: 'range', label: 'Number', min: 10, max: 20 },
  ] as const satisfies ZmkSingleEditor[];

  it('shows the kind the user chose, else the one the value is in, else the first', () => {
    expect(alternativeShown(kinds, 2, 1)).toBe(1);
    expect(alternativeShown(kinds, 15, null)).toBe(1);
    expect(alternativeShown(kinds, 99, null)).toBe(0);
    expect(alternativeShown(kinds, null, null)).toBe(0);
  });

  it('switching kind keeps a value the kind takes and otherwise starts at its first', () => {
    expect(alternativeStart(kinds[1], 15)).toBeNull();
    expect(alternativeStart(kinds[1], 2)).toBe(10);
    expect(alternativeStart(kinds[0], null)).toBe(0);
  });
});
