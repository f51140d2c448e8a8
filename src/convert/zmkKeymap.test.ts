import { describe, expect, it } from 'vitest';
import { cCompiler } from '../../tests/support/compileKeymap.ts';
import { preprocessKeymap, readDevicetreeKeymap } from '../../tests/support/zmkDevicetree.ts';
import { readZmkKeymapText } from '../../tests/support/zmkKeymapReader.ts';
import { readZmkSnapshot } from '../../tests/support/zmkSnapshot.ts';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import { behaviorById, ZMK_BEHAVIORS } from '../virtual-keyboard/zmk/zmkBehaviorTable.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkBinding } from '../zmk/keymapData.ts';
import { nameBehaviors, zmkLabelKey } from './zmkBindingText.ts';
import { unnamedBehaviors, writeZmkKeymap, zmkKeymapRefusals, type ZmkKeymapOptions } from './zmkKeymap.ts';
import type { ZmkKeymapSnapshot } from './zmkSnapshot.ts';

const cc = cCompiler();

function written(snapshot: ZmkKeymapSnapshot, options?: ZmkKeymapOptions) {
  const result = writeZmkKeymap(snapshot, options);
  if (!result.ok) throw new Error(result.message);
  return { text: result.files[0]!.text, name: result.files[0]!.name, notes: result.notes };
}

async function demoSnapshot() {
  const rig = zmkTestRig({ locking: false });
  return { rig, snapshot: await readZmkSnapshot(rig) };
}

/** The cells a binding of the virtual firmware's behavior has in a .keymap (its #binding-cells). */
function expectedCells(binding: ZmkBinding, layerIndex: (id: number) => number): number[] {
  const behavior = behaviorById(binding.behaviorId)!;
  const set = behavior.sets[0];
  if (!set) return [];
  const cell = (values: ZmkBehavior['sets'][number]['param1'], value: number) =>
    values.some((v) => v.kind === 'layerId') ? layerIndex(value) : value;
  if (behavior.label === 'bt') return [binding.param1, binding.param2];
  return [
    cell(set.param1, binding.param1),
    ...(set.param2.length > 0 ? [cell(set.param2, binding.param2)] : []),
  ];
}

const KEY: ZmkBehavior['sets'][number]['param1'][number] = {
  name: 'Key',
  kind: 'hidUsage',
  keyboardMax: 0xff,
  consumerMax: 0xff,
};
const KP = ZMK_BEHAVIORS.find((b) => b.label === 'kp')!.localId;
const MO = ZMK_BEHAVIORS.find((b) => b.label === 'mo')!.localId;

/** The demo snapshot with one extra behavior and the Base layer's first key bound to it. */
function withBehavior(snapshot: ZmkKeymapSnapshot, behavior: ZmkBehavior, binding: ZmkBinding) {
  const copy = structuredClone(snapshot);
  copy.behaviors.push(behavior);
  copy.keymap.layers[0]!.bindings[0] = binding;
  return copy;
}

describe('ZMK .keymap from the demo keyboard', () => {
  it('writes every binding of every layer as the firmware holds it, named as ZMK names it', async () => {
    const { snapshot } = await demoSnapshot();
    const { text, name, notes } = written(snapshot);
    expect(name).toBe('keyloom_split_42.keymap');
    const read = readZmkKeymapText(text);
    expect(read.includes).toEqual([
      'behaviors.dtsi',
      'dt-bindings/zmk/keys.h',
      'dt-bindings/zmk/bt.h',
      'dt-bindings/zmk/outputs.h',
    ]);
    const shown = read.layers.filter((l) => l.status === null);
    expect(shown.map((l) => [l.node, l.displayName])).toEqual([
      ['base_layer', 'Base'],
      ['lower_layer', 'Lower'],
      ['raise_layer', 'Raise'],
      ['adjust_layer', 'Adjust'],
    ]);
    expect(read.layers.filter((l) => l.status === 'reserved')).toHaveLength(2);
    snapshot.keymap.layers.forEach((layer, i) => {
      expect(shown[i]!.bindings).toEqual(
        layer.bindings.map((b) => ({
          label: behaviorById(b.behaviorId)!.label,
          cells: expectedCells(b, (id) => id),
          comment: null,
        })),
      );
    });
    // The shown layout is the keymap's own (as many keys as positions): nothing to check about the order.
    expect(notes.map((n) => n.kind)).toEqual(['zmkNotReported']);
  });

  it('lays each layer out in the rows of the physical layout: three rows of twelve, then the thumbs', async () => {
    const { snapshot } = await demoSnapshot();
    const { text } = written(snapshot);
    const base = /base_layer \{[\s\S]*?bindings = <\n([\s\S]*?)\n\s*>;/.exec(text)![1]!.split('\n');
    expect(base).toHaveLength(4);
    expect(base.map((line) => line.split('&').length - 1)).toEqual([12, 12, 12, 6]);
    expect(base[0]!.trim().replace(/\s+/g, ' ')).toBe(
      '&kp TAB &kp Q &kp W &kp E &kp R &kp T &kp Y &kp U &kp I &kp O &kp P &kp BSPC',
    );
    expect(base[1]).toContain('&mt LCTRL ESC');
    expect(base[3]!.trim().replace(/\s+/g, ' ')).toBe('&kp LGUI &mo 1 &kp SPACE &lt 2 RET &sl 3 &kp RALT');
  });

  it.skipIf(!cc)(
    "preprocessed as ZMK builds it, against ZMK's own headers and behaviors, holds the same numbers",
    async () => {
      const { snapshot } = await demoSnapshot();
      const { text } = written(snapshot);
      const tree = readDevicetreeKeymap(cc!, preprocessKeymap(cc!, text));
      const shown = tree.layers.filter((l) => l.status === null);
      snapshot.keymap.layers.forEach((layer, i) => {
        expect(shown[i]!.displayName).toBe(layer.name);
        shown[i]!.bindings.forEach((binding, p) => {
          // Every label is a behavior ZMK's .dtsi defines, with as many cells as its #binding-cells.
          expect(tree.bindingCells.get(binding.label)).toBe(binding.cells.length);
          expect(binding).toEqual({
            label: behaviorById(layer.bindings[p]!.behaviorId)!.label,
            cells: expectedCells(layer.bindings[p]!, (id) => id),
          });
        });
      });
    },
  );

  it('rewrites layer parameters from layer ids to the order the layers are written in', async () => {
    const { rig } = await demoSnapshot();
    // Lower (id 1) to the end: Base, Raise, Adjust, Lower. &mo 1 on Base now names index 3.
    await rig.keymap.moveLayer(1, 3);
    const snapshot = await readZmkSnapshot(rig);
    const read = readZmkKeymapText(written(snapshot).text);
    expect(read.layers.slice(0, 4).map((l) => l.displayName)).toEqual(['Base', 'Raise', 'Adjust', 'Lower']);
    const thumbs = read.layers[0]!.bindings.slice(36);
    expect(thumbs.map((b) => [b.label, ...b.cells])).toEqual([
      ['kp', 0x0700e3],
      ['mo', 3],
      ['kp', 0x07002c],
      ['lt', 1, 0x070028],
      ['sl', 2],
      ['kp', 0x0700e6],
    ]);
    const adjust = read.layers[2]!.bindings;
    expect(adjust.slice(12, 15).map((b) => [b.label, ...b.cells])).toEqual([
      ['to', 0],
      ['tog', 3],
      ['tog', 1],
    ]);
  });

  const bindingsOf = (text: string) =>
    [...text.matchAll(/bindings = <\n([\s\S]*?)\n\s*>;/g)].map((m) => m[1]!.trim().split(/\s+(?=&)/));

  it("on another physical layout: the keymap's own order, positions it lacks as &none /* not read */, said once", async () => {
    const { rig, snapshot: stock } = await demoSnapshot();
    await rig.keymap.setActivePhysicalLayout(1);
    const { text, notes } = written(await readZmkSnapshot(rig));
    // Six keys (the outer columns), not six keys on every layer.
    expect(notes).toContainEqual({
      kind: 'zmkUnreadPositions',
      layout: '6 columns',
      shown: '5 columns',
      count: 6,
    });
    expect(notes.map((n) => n.kind)).not.toContain('zmkUnmappedPositions');
    expect(notes.map((n) => n.kind)).not.toContain('zmkLayoutOrder');
    expect(text).toContain('the physical layout "6 columns" (the keyboard shows "5 columns")');
    expect(text).not.toContain('Paste it over');
    const ownOrder = bindingsOf(written(stock).text);
    const fromFive = bindingsOf(text);
    // Every key the 5-column layout shows is where the keymap has it; the rest hold their place.
    fromFive.forEach((layer, i) =>
      layer.forEach((cell, p) => {
        if (cell !== '&none /* not read */') expect(cell).toBe(ownOrder[i]![p]);
      }),
    );
    expect(fromFive[0]!.slice(0, 3)).toEqual(['&none /* not read */', '&kp Q', '&kp W']);
    expect(fromFive[0]!.filter((c) => c === '&none /* not read */')).toHaveLength(6);
  });

  it('on another physical layout with the bindings read earlier: the same file as on its own layout', async () => {
    const { rig, snapshot: stock } = await demoSnapshot();
    const earlier = new Map(stock.keymap.layers.map((l) => [l.id, l.bindings]));
    await rig.keymap.setActivePhysicalLayout(1);
    const { text, notes } = written(await readZmkSnapshot(rig), { earlier });
    expect(bindingsOf(text)).toEqual(bindingsOf(written(stock).text));
    expect(notes.map((n) => n.kind)).toEqual(['zmkNotReported']);
    expect(text).toContain('Paste it over');
  });

  it('keeps the shown order, and says so, when the shown keys cannot be placed in the own layout', async () => {
    const { rig } = await demoSnapshot();
    await rig.keymap.setActivePhysicalLayout(1);
    const snapshot = await readZmkSnapshot(rig);
    snapshot.physicalLayouts.layouts[1]!.keys[0]!.x += 7;
    const { text, notes } = written(snapshot);
    expect(notes).toContainEqual({ kind: 'zmkUnmappedPositions', layout: '5 columns', count: 6 });
    expect(notes).toContainEqual({ kind: 'zmkLayoutOrder', layout: '5 columns' });
    expect(text).toContain('Keys in the order of the physical layout "5 columns" the keyboard shows');
  });
});

describe('behaviors Keyloom cannot name', () => {
  const homeRowMods: ZmkBehavior = {
    id: 90,
    displayName: 'Home Row Mods',
    sets: [{ param1: [KEY], param2: [KEY] }],
  };
  const binding = { behaviorId: 90, param1: 0x0700e1, param2: 0x070004 };

  it('are never guessed: &none keeps the position, the binding is in a comment, and a note lists it', async () => {
    const { snapshot } = await demoSnapshot();
    const { text, notes } = written(withBehavior(snapshot, homeRowMods, binding));
    expect(text).toContain('&none /* "Home Row Mods" LSHFT A */');
    expect(notes).toContainEqual({ kind: 'zmkUnknownBehavior', name: 'Home Row Mods', id: 90, count: 1 });
    const base = readZmkKeymapText(text).layers[0]!.bindings;
    expect(base).toHaveLength(42);
    expect(base[0]).toEqual({ label: 'none', cells: [], comment: '"Home Row Mods" LSHFT A' });
    expect(text).toMatch(/ \* Check:\n \* - 1 binding\(s\) of "Home Row Mods"/);
  });

  it('are written with the label the user gives for their display name', async () => {
    const { snapshot } = await demoSnapshot();
    const { text, notes } = written(withBehavior(snapshot, homeRowMods, binding), {
      labels: { 'Home Row Mods': 'hm' },
    });
    expect(readZmkKeymapText(text).layers[0]!.bindings[0]).toEqual({
      label: 'hm',
      cells: [0x0700e1, 0x070004],
      comment: null,
    });
    expect(notes.map((n) => n.kind)).not.toContain('zmkUnknownBehavior');
  });

  it('refuses a label that is not a devicetree label', async () => {
    const { snapshot } = await demoSnapshot();
    expect(writeZmkKeymap(snapshot, { labels: { 'Home Row Mods': '1hm' } })).toEqual(
      zmkKeymapRefusals.refuse('label', { label: '1hm' }),
    );
  });

  it("does not trust ZMK's name on a behavior whose parameters are not ZMK's, or when two behaviors share it", async () => {
    const { snapshot } = await demoSnapshot();
    const fake: ZmkBehavior = {
      id: 91,
      displayName: 'Momentary Layer',
      sets: [{ param1: [KEY], param2: [] }],
    };
    const twice = withBehavior(snapshot, fake, { behaviorId: MO, param1: 1, param2: 0 });
    // "Key Toggle" is ZMK's &kt, which takes a key, not a layer.
    twice.behaviors.push({
      id: 92,
      displayName: 'Key Toggle',
      sets: [{ param1: [{ name: 'Layer', kind: 'layerId' }], param2: [] }],
    });
    twice.keymap.layers[0]!.bindings[1] = { behaviorId: 92, param1: 2, param2: 0 };
    const { text, notes } = written(twice);
    // Both behaviors called "Momentary Layer" are uncertain, the firmware's own too: the demo's three &mo and this one.
    expect(notes).toContainEqual({ kind: 'zmkUncertainBehavior', name: 'Momentary Layer', id: MO, count: 4 });
    expect(notes).toContainEqual({ kind: 'zmkUncertainBehavior', name: 'Key Toggle', id: 92, count: 1 });
    expect(readZmkKeymapText(text).layers[0]!.bindings.slice(0, 2)).toEqual([
      { label: 'none', cells: [], comment: '"Momentary Layer" 1' },
      { label: 'none', cells: [], comment: '"Key Toggle" 2' },
    ]);
  });

  it('are listed before writing (what the app asks labels for), and a label for each writes them all', async () => {
    const { snapshot } = await demoSnapshot();
    expect(unnamedBehaviors(snapshot)).toEqual([]);
    const hrm: ZmkBehavior = {
      id: 90,
      displayName: 'Home Row Mods',
      sets: [{ param1: [KEY], param2: [KEY] }],
    };
    const twin: ZmkBehavior = {
      id: 91,
      displayName: 'Momentary Layer',
      sets: [{ param1: [KEY], param2: [] }],
    };
    const copy = withBehavior(snapshot, hrm, { behaviorId: 90, param1: 0x0700e1, param2: 0x070004 });
    copy.behaviors.push(twin);
    copy.keymap.layers[1]!.bindings[0] = { behaviorId: 90, param1: 0x0700e0, param2: 0x070016 };
    // The twin is bound nowhere: only the behaviors bindings use are asked for.
    expect(unnamedBehaviors(copy)).toEqual([
      { id: 90, displayName: 'Home Row Mods', kind: 'unknown', count: 2 },
      { id: MO, displayName: 'Momentary Layer', kind: 'uncertain', count: 3 },
    ]);
    // By local id: the display name "Momentary Layer" is there twice, so a label for it names neither.
    const byName = Object.fromEntries(unnamedBehaviors(copy).map((b, i) => [b.displayName, `own_${i}`]));
    expect(nameBehaviors(copy.behaviors, byName).get(MO)!.kind).toBe('uncertain');
    const labels = Object.fromEntries(unnamedBehaviors(copy).map((b, i) => [zmkLabelKey(b.id), `own_${i}`]));
    const { text, notes } = written(copy, { labels });
    expect(notes.filter((n) => n.kind === 'zmkUnknownBehavior' || n.kind === 'zmkUncertainBehavior')).toEqual(
      [],
    );
    expect(readZmkKeymapText(text).layers[0]!.bindings[0]).toMatchObject({ label: 'own_0', comment: null });
  });

  it('writes a layer parameter whose layer is not in the keymap as a comment', async () => {
    const { snapshot } = await demoSnapshot();
    const copy = structuredClone(snapshot);
    copy.keymap.layers[0]!.bindings[0] = { behaviorId: MO, param1: 5, param2: 0 };
    const { text, notes } = written(copy);
    expect(text).toContain('&none /* &mo: layer id 5 is not in this keymap */');
    expect(notes).toContainEqual({ kind: 'zmkMissingLayer', ids: '5', count: 1 });
  });

  it('writes a usage keys.h does not name as its number, and lists it', async () => {
    const { snapshot } = await demoSnapshot();
    const copy = structuredClone(snapshot);
    copy.keymap.layers[0]!.bindings[0] = { behaviorId: KP, param1: 0x0700a5, param2: 0 };
    const { text, notes } = written(copy);
    expect(readZmkKeymapText(text).layers[0]!.bindings[0]).toEqual({
      label: 'kp',
      cells: [0x0700a5],
      comment: null,
    });
    expect(notes).toContainEqual({ kind: 'zmkUnnamedUsage', values: '0x700a5', count: 1 });
  });
});

describe('layer names and files', () => {
  it('escapes display names and keeps node names apart', async () => {
    const { snapshot } = await demoSnapshot();
    const copy = structuredClone(snapshot);
    copy.keymap.layers[1]!.name = 'Say "hi" \\ */';
    copy.keymap.layers[2]!.name = 'Say hi';
    copy.keymap.layers[3]!.name = '';
    const { text } = written(copy);
    expect(text).toContain('display-name = "Say \\"hi\\" \\\\ */";');
    const read = readZmkKeymapText(text);
    expect(read.layers.slice(1, 4).map((l) => [l.node, l.displayName])).toEqual([
      ['say_hi_layer', 'Say "hi" \\ */'],
      ['say_hi_layer_2', 'Say hi'],
      ['layer_3', null],
    ]);
  });

  it('refuses a keymap with no layers', async () => {
    const { snapshot } = await demoSnapshot();
    const copy = structuredClone(snapshot);
    copy.keymap.layers = [];
    expect(writeZmkKeymap(copy)).toEqual(zmkKeymapRefusals.refuse('noLayers'));
  });
});
