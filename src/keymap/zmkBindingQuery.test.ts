import { describe, expect, it } from 'vitest';
import { readZmkSnapshot } from '../../tests/support/zmkSnapshot.ts';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import { bindingLabel } from '../zmk/bindingLabel.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkKeymapData } from '../zmk/keymapData.ts';
import { findBindings } from './findBindings.ts';
import { zmkBindingQuery } from './zmkBindingQuery.ts';
import { zmkKeymapView } from './zmkBindingModel.ts';

async function demo() {
  const rig = zmkTestRig({ locking: false });
  const snapshot = await readZmkSnapshot(rig);
  const layout = snapshot.physicalLayouts.layouts[snapshot.physicalLayouts.activeIndex]!;
  return { ...snapshot, keyCount: layout.keys.length };
}

/** Find on the demo keyboard as the app runs it: every hit as 'layer:position'. */
function find(
  text: string,
  { keymap, behaviors, keyCount }: { keymap: ZmkKeymapData; behaviors: ZmkBehavior[]; keyCount: number },
): string[] {
  const byId = new Map(behaviors.map((b) => [b.id, b]));
  const layers = keymap.layers.map((l) => ({ id: l.id, name: l.name }));
  const matches = zmkBindingQuery(text, keymap, behaviors, (b) =>
    bindingLabel(b, byId.get(b.behaviorId) ?? null, layers, 'us'),
  );
  if (!matches) return [];
  return findBindings(zmkKeymapView(keymap, keyCount), matches).map((p) =>
    p.kind === 'key' ? `${p.layer}:${p.index}` : '',
  );
}

describe('Find on a ZMK keyboard', () => {
  it('a key by its name finds it wherever a binding holds it: &kp, the tap of &mt and &lt', async () => {
    const keyboard = await demo();
    // ESC: Base's &mt LCTRL ESC (12) and &kp ESC (35); Enter: &lt 2 ENTER (39).
    expect(find('KC_ESC', keyboard)).toEqual(['0:12', '0:35']);
    expect(find('esc', keyboard)).toEqual(['0:12', '0:35']);
    expect(find('ENTER', keyboard)).toEqual(['0:39']);
    // The shifted digits of Raise are found from the digit, and by their expression.
    expect(find('KC_1', keyboard)).toEqual(['1:1', '2:1']);
    expect(find('LSFT(KC_1)', keyboard)).toEqual(['2:1']);
  });

  it('a behavior by a word of its legend or devicetree text, or (three letters on) by part of its name', async () => {
    const keyboard = await demo();
    expect(find('MO', keyboard)).toEqual(['0:37', '1:40', '2:37']);
    expect(find('&mo', keyboard)).toEqual(['0:37', '1:40', '2:37']);
    expect(find('&tog', keyboard)).toEqual(['3:13', '3:14']);
    expect(find('adjust', keyboard)).toEqual(['0:40', '1:40', '2:37']);
    expect(find('BT_SEL', keyboard)).toEqual(['3:0', '3:1', '3:2']);
    expect(find('vol', keyboard)).toEqual(['3:7', '3:8']);
    expect(find('studio', keyboard)).toEqual(['3:5']);
  });

  it('blank text searches nothing; one letter is a whole word only', async () => {
    const keyboard = await demo();
    expect(find('  ', keyboard)).toEqual([]);
    expect(find('q', keyboard)).toEqual(['0:1']);
  });

  it('finds Bluetooth keys by bt, &bt and BT_SEL (as the .keymap and ZMK write them)', async () => {
    const keyboard = await demo();
    const bt = ['3:0', '3:1', '3:2', '3:3'];
    expect(find('bt', keyboard)).toEqual(bt);
    expect(find('&bt', keyboard)).toEqual(bt);
    expect(find('BT_SEL', keyboard)).toEqual(['3:0', '3:1', '3:2']);
    expect(find('&out', keyboard)).toEqual(['3:10', '3:11']);
  });
});
