import { describe, expect, it, vi } from 'vitest';
import { settle, zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import { openZmkSession } from '../services/zmkSession.ts';
import { serialZmkTransport } from '../transport/zmkSerialTransport.ts';
import { behaviorByLabel } from '../virtual-keyboard/zmk/zmkBehaviorTable.ts';
import { createZmkKeyboardStore, zmkSupports } from './zmkKeyboardStore.ts';

const KP = behaviorByLabel('kp').localId;
const TRANS = behaviorByLabel('trans').localId;
const B = 0x070005;
const kpB = { behaviorId: KP, param1: B, param2: 0 };

/** The store over a fresh virtual ZMK keyboard (the test rig's board: replies in the next task). */
function keyboardStore(options: Parameters<typeof zmkTestRig>[0] = {}) {
  const rig = zmkTestRig(options);
  const session = openZmkSession(serialZmkTransport(rig.keyboard.serialPort), { silenceTimeoutMs: 300 });
  const logged: string[] = [];
  const store = createZmkKeyboardStore({ session, logError: (m) => logged.push(m) });
  return { rig, store, logged, firmware: rig.keyboard.firmware };
}

async function loaded(options: Parameters<typeof zmkTestRig>[0] = {}) {
  const kit = keyboardStore(options);
  const load = kit.store.getState().load();
  await vi.waitFor(() => expect(kit.store.getState().lock.waiting).not.toEqual([]));
  kit.rig.keyboard.pressStudioUnlock();
  await load;
  return kit;
}

describe('a ZMK keyboard in the app', () => {
  it('shows which requests wait while locked, and loads by itself once &studio_unlock is pressed', async () => {
    const { rig, store } = keyboardStore();
    const load = store.getState().load();
    await vi.waitFor(() =>
      expect(store.getState().lock).toEqual({ state: 'locked', waiting: ['behaviors.getBehaviorDetails'] }),
    );
    expect(store.getState().info?.name).toBe('Keyloom Split 42');
    expect(store.getState().phase).toBe('loading');
    rig.keyboard.pressStudioUnlock();
    await load;
    const state = store.getState();
    expect(state.phase).toBe('ready');
    expect(state.lock.state).toBe('unlocked');
    expect(state.behaviors.map((b) => b.displayName)).toContain('Layer-Tap');
    expect(state.layouts?.layouts.map((l) => l.name)).toEqual(['6 columns', '5 columns']);
    expect(state.keymap?.layers.map((l) => l.name)).toEqual(['Base', 'Lower', 'Raise', 'Adjust']);
    expect(state.unsaved).toBe(false);
  });

  it('sets a binding: shown at once, on the keyboard after, unsaved; undo and redo send it back and forth', async () => {
    const { store, firmware } = await loaded();
    const write = store.getState().setBinding(0, 1, kpB);
    expect(store.getState().keymap!.layers[0]!.bindings[1]).toEqual(kpB);
    await write;
    expect(firmware.keymap.binding(0, 1)).toEqual(kpB);
    expect(store.getState().unsaved).toBe(true);
    const q = firmware.keymap.binding(0, 1) && { behaviorId: KP, param1: 0x070014, param2: 0 };
    await store.getState().undo();
    expect(firmware.keymap.binding(0, 1)).toEqual(q);
    await store.getState().redo();
    expect(firmware.keymap.binding(0, 1)).toEqual(kpB);
  });

  it('puts the old binding back when the keyboard refuses it, and says why', async () => {
    const { store, firmware, logged } = await loaded();
    const before = store.getState().keymap!.layers[0]!.bindings[1];
    await expect(
      store.getState().setBinding(0, 1, { behaviorId: KP, param1: 0x990004, param2: 0 }),
    ).rejects.toThrow();
    expect(store.getState().keymap!.layers[0]!.bindings[1]).toEqual(before);
    expect(firmware.keymap.binding(0, 1)).toEqual(before);
    expect(store.getState().failure).toMatchObject({
      code: 'bindingInvalidParameters',
      key: { layerId: 0, position: 1 },
    });
    expect(logged.at(-1)).toMatch(/refused the behavior’s parameters/);
    expect(store.getState().undoStack).toHaveLength(0);
  });

  it('a lost reply is not taken as a refusal: the keymap is read again and shows what the keyboard did', async () => {
    const { rig, store, firmware } = await loaded();
    rig.keyboard.faults.dropReplies = 1;
    await expect(store.getState().setBinding(0, 1, kpB)).rejects.toThrow(/did not answer in time/);
    expect(firmware.keymap.binding(0, 1)).toEqual(kpB);
    expect(store.getState().keymap!.layers[0]!.bindings[1]).toEqual(kpB);
    expect(store.getState().failure).toMatchObject({ code: 'timeout', reread: true });
  });

  it('loads through split frames, garbage and a dropped reply (asked again)', async () => {
    const { rig, store } = keyboardStore({ locking: false });
    rig.keyboard.faults.splitEveryByte = true;
    rig.keyboard.faults.garbage = Uint8Array.of(0x00, 0x42);
    rig.keyboard.faults.dropReplies = 1;
    await store.getState().load();
    expect(store.getState().phase).toBe('ready');
    expect(store.getState().retries).toBe(1);
  });

  it('saves and discards: the unsaved state follows the keyboard', async () => {
    const { store, firmware } = await loaded();
    await store.getState().setBinding(0, 1, kpB);
    await store.getState().save();
    expect(store.getState().unsaved).toBe(false);
    expect(firmware.keymap.settings.bindings).not.toEqual({});
    await store.getState().setBinding(0, 2, kpB);
    await store.getState().discard();
    expect(store.getState().unsaved).toBe(false);
    expect(store.getState().keymap!.layers[0]!.bindings[1]).toEqual(kpB);
    expect(store.getState().keymap!.layers[0]!.bindings[2]).not.toEqual(kpB);
    expect(store.getState().undoStack).toHaveLength(0);
  });

  it('adds, renames, moves, removes and restores layers, each one undo step', async () => {
    const { store, firmware } = await loaded();
    const names = () => store.getState().keymap!.layers.map((l) => l.name);
    await store.getState().addLayer();
    expect(store.getState().keymap!.layers).toHaveLength(5);
    expect(store.getState().selectedLayer).toBe(4);
    const added = store.getState().keymap!.layers[4]!.id;
    await store.getState().renameLayer(added, 'Fn');
    expect(firmware.keymap.layerName(added)).toBe('Fn');
    await store.getState().moveLayer(4, 1);
    expect(names()).toEqual(['Base', 'Fn', 'Lower', 'Raise', 'Adjust']);
    expect(store.getState().selectedLayer).toBe(1);
    await store.getState().removeLayer(1);
    expect(names()).toEqual(['Base', 'Lower', 'Raise', 'Adjust']);
    expect(store.getState().removed.map((l) => l.name)).toEqual(['Fn']);
    await store.getState().restoreLayer(added, 2);
    expect(names()).toEqual(['Base', 'Lower', 'Fn', 'Raise', 'Adjust']);
    await store.getState().undo();
    expect(names()).toEqual(['Base', 'Lower', 'Raise', 'Adjust']);
    await store.getState().undo();
    expect(names()).toEqual(['Base', 'Fn', 'Lower', 'Raise', 'Adjust']);
    expect(firmware.keymap.layerIds()).toEqual(store.getState().keymap!.layers.map((l) => l.id));
  });

  it('refuses a name too long for the keyboard before sending it (the firmware would never answer)', async () => {
    const { store } = await loaded();
    await expect(store.getState().renameLayer(0, 'x'.repeat(20))).rejects.toThrow();
    expect(store.getState().failure?.code).toBe('invalidRequest');
    expect(store.getState().keymap!.layers[0]!.name).toBe('Base');
  });

  it('switches the physical layout: positions follow its key order and history starts afresh', async () => {
    const { store } = await loaded();
    await store.getState().setBinding(0, 1, kpB);
    await store.getState().selectLayout(1);
    expect(store.getState().layouts!.activeIndex).toBe(1);
    expect(store.getState().keymap!.layers[0]!.bindings[0]).toEqual(kpB);
    expect(store.getState().undoStack).toHaveLength(0);
  });

  it("keeps the keymap's own order as read before another layout is shown, and drops it on the way back", async () => {
    const { store } = await loaded();
    await store.getState().setBinding(0, 0, kpB);
    const own = store.getState().keymap;
    await store.getState().selectLayout(1);
    // The 5-column layout does not report key 0 (an outer column): the export takes it from here.
    expect(store.getState().ownOrderKeymap).toBe(own);
    expect(store.getState().ownOrderKeymap!.layers[0]!.bindings[0]).toEqual(kpB);
    await store.getState().selectLayout(0);
    expect(store.getState().ownOrderKeymap).toBeNull();
  });

  it('copies a layer onto another as set-binding requests, undone in one step', async () => {
    const { store, firmware } = await loaded();
    const raise = () => firmware.keymap.bindings(2).slice(0, 42);
    const before = raise();
    await store.getState().runLayerOperation({ kind: 'copy', from: 0, to: 2 });
    expect(raise()).toEqual(firmware.keymap.bindings(0).slice(0, 42));
    expect(store.getState().undoStack).toHaveLength(1);
    await store.getState().undo();
    expect(raise()).toEqual(before);
    await store.getState().runLayerOperation({
      kind: 'clear',
      layer: 2,
      binding: { behaviorId: TRANS, param1: 0, param2: 0 },
    });
    expect(raise().every((b) => b.behaviorId === TRANS)).toBe(true);
  });

  it('loads a previewed .keymap’s bindings: unsaved, one undo step that puts every one back', async () => {
    const { store, firmware } = await loaded();
    const before = [firmware.keymap.binding(0, 1), firmware.keymap.binding(1, 12)];
    await store.getState().loadBindings([
      { layerId: 0, position: 1, binding: kpB },
      { layerId: 1, position: 12, binding: kpB },
    ]);
    expect([firmware.keymap.binding(0, 1), firmware.keymap.binding(1, 12)]).toEqual([kpB, kpB]);
    expect(store.getState().unsaved).toBe(true);
    expect(store.getState().undoStack).toHaveLength(1);
    await store.getState().undo();
    expect([firmware.keymap.binding(0, 1), firmware.keymap.binding(1, 12)]).toEqual(before);
  });

  it('swaps keys across layers as set-binding requests by layer id, one undo step; a move leaves &trans', async () => {
    const { store, firmware } = await loaded();
    // Move Adjust (id 3) to index 1: places are indexes, the writes must name ids.
    await store.getState().moveLayer(3, 1);
    const q = firmware.keymap.binding(0, 1);
    const adjust0 = firmware.keymap.binding(3, 0);
    await store.getState().runKeyMove({ kind: 'swap', a: { layer: 0, index: 1 }, b: { layer: 1, index: 0 } });
    expect([firmware.keymap.binding(0, 1), firmware.keymap.binding(3, 0)]).toEqual([adjust0, q]);
    await store.getState().undo();
    expect([firmware.keymap.binding(0, 1), firmware.keymap.binding(3, 0)]).toEqual([q, adjust0]);
    // Lower (id 1, now index 2): its key 6 moves onto key 7, leaving &trans.
    const lower6 = firmware.keymap.binding(1, 6);
    await store.getState().runKeyMove({
      kind: 'move',
      from: { layer: 2, index: 6 },
      to: { layer: 2, index: 7 },
      vacated: { behaviorId: TRANS, param1: 0, param2: 0 },
    });
    expect([firmware.keymap.binding(1, 6)?.behaviorId, firmware.keymap.binding(1, 7)]).toEqual([
      TRANS,
      lower6,
    ]);
  });

  it('a request the firmware does not know (RPC_NOT_FOUND) fails once, worded, and its feature is hidden after', async () => {
    const { store, firmware } = await loaded();
    firmware.unknownRequests.add('keymap.moveLayer');
    expect(zmkSupports(store.getState(), 'keymap.moveLayer')).toBe(true);
    await expect(store.getState().moveLayer(1, 2)).rejects.toMatchObject({ code: 'notFound' });
    expect(store.getState().failure).toMatchObject({ code: 'notFound', request: 'keymap.moveLayer' });
    expect(zmkSupports(store.getState(), 'keymap.moveLayer')).toBe(false);
    expect(zmkSupports(store.getState(), 'keymap.addLayer')).toBe(true);
    expect(firmware.keymap.layerIds()).toEqual([0, 1, 2, 3]);
  });

  it('resets the settings: the stock keymap comes back', async () => {
    const { store } = await loaded();
    await store.getState().setBinding(0, 1, kpB);
    await store.getState().save();
    await store.getState().resetSettings();
    expect(store.getState().keymap!.layers[0]!.bindings[1]).not.toEqual(kpB);
  });

  it('says the keyboard is gone when it is unplugged', async () => {
    const { rig, store, logged } = await loaded();
    rig.keyboard.unplug();
    await settle();
    expect(store.getState().phase).toBe('closed');
    expect(logged.at(-1)).toMatch(/disconnected/);
  });
});
