import { describe, expect, it } from 'vitest';
import { readZmkSnapshot } from '../../tests/support/zmkSnapshot.ts';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import { zmkVacatedBinding } from '../keymap/zmkKeyMoves.ts';
import { behaviorByLabel } from '../virtual-keyboard/zmk/zmkBehaviorTable.ts';
import { builtInBehaviorId, nameBehaviors } from './zmkBindingText.ts';
import { writeZmkKeymap } from './zmkKeymap.ts';
import type { ZmkKeymapSnapshot } from './zmkSnapshot.ts';

/** A build that renames Key Press and Bluetooth, and reports Transparent and None both as "Nada". */
const RENAMED = { kp: 'Tecla', bt: 'Bluetooth LE', trans: 'Nada', none: 'Nada' };

async function snapshotOf(displayNames?: Record<string, string>) {
  const rig = zmkTestRig({ locking: false, ...(displayNames ? { displayNames } : {}) });
  return readZmkSnapshot(rig);
}

function keymapText(snapshot: ZmkKeymapSnapshot, labels?: Record<string, string>) {
  const result = writeZmkKeymap(snapshot, { labels });
  if (!result.ok) throw new Error(result.message);
  return result.files[0]!.text;
}

const id = (label: string) => behaviorByLabel(label).localId;

describe('ZMK behaviors whose display names a build changed', () => {
  it('the keyboard reports the renamed and duplicated names (the rig is what a renaming build sends)', async () => {
    const snapshot = await snapshotOf(RENAMED);
    const name = (label: string) => snapshot.behaviors.find((b) => b.id === id(label))?.displayName;
    expect([name('kp'), name('bt'), name('trans'), name('none'), name('mo')]).toEqual([
      'Tecla',
      'Bluetooth LE',
      'Nada',
      'Nada',
      'Momentary Layer',
    ]);
  });

  it('knows Bluetooth by its parameters under another name, and names nothing else from a guess', async () => {
    const naming = nameBehaviors((await snapshotOf(RENAMED)).behaviors);
    const kind = (label: string) => {
      const n = naming.get(id(label))!;
      return n.kind === 'builtIn' ? n.builtIn.label : n.kind;
    };
    expect(kind('bt')).toBe('bt');
    expect(kind('out')).toBe('out');
    expect(kind('kp')).toBe('unknown');
    expect(kind('trans')).toBe('unknown');
    expect(kind('none')).toBe('unknown');
    expect(kind('mo')).toBe('mo');
  });

  it('the export writes the unidentified behaviors as comments with their parameters, never as a guess', async () => {
    const text = keymapText(await snapshotOf(RENAMED));
    expect(text).not.toMatch(/&kp /);
    expect(text).not.toMatch(/&trans\b/);
    expect(text).toMatch(/&none \/\* "Tecla" [A-Z0-9_]+ \*\//);
    expect(text).toMatch(/&none \/\* "Nada" \*\//);
    expect(text).toMatch(/&bt BT_/);
  });

  it('a label given for one local id names that behavior only, not the other of the same display name', async () => {
    const snapshot = await snapshotOf(RENAMED);
    const byName = nameBehaviors(snapshot.behaviors, { Nada: 'trans' });
    expect(byName.get(id('trans'))!.kind).toBe('unknown');
    const byId = nameBehaviors(snapshot.behaviors, { [`#${id('trans')}`]: 'trans' });
    expect(byId.get(id('trans'))).toMatchObject({ kind: 'labelled', label: 'trans' });
    expect(byId.get(id('none'))!.kind).toBe('unknown');
  });

  it('clearing and moving keys find &trans and &none only when they are known for sure', async () => {
    const demo = await snapshotOf();
    expect(builtInBehaviorId(demo.behaviors, 'trans')).toBe(id('trans'));
    expect(builtInBehaviorId(demo.behaviors, 'none')).toBe(id('none'));
    expect(zmkVacatedBinding(demo.keymap, demo.behaviors, 1)).toEqual({
      behaviorId: id('trans'),
      param1: 0,
      param2: 0,
    });

    const renamed = await snapshotOf(RENAMED);
    expect(builtInBehaviorId(renamed.behaviors, 'trans')).toBeNull();
    expect(builtInBehaviorId(renamed.behaviors, 'none')).toBeNull();
    expect(zmkVacatedBinding(renamed.keymap, renamed.behaviors, 1)).toBeNull();

    // Transparent reported as "None" too: neither None is taken for &none.
    const twice = await snapshotOf({ trans: 'None' });
    expect(builtInBehaviorId(twice.behaviors, 'none')).toBeNull();
    expect(builtInBehaviorId(twice.behaviors, 'trans')).toBeNull();
  });
});
