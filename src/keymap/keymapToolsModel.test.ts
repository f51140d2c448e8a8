import { describe, expect, it } from 'vitest';
import { ZMK_BEHAVIORS } from '../virtual-keyboard/zmk/zmkBehaviorTable.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkBinding, ZmkKeymapData } from '../zmk/keymapData.ts';
import { qmkLayerMenuModel } from './layerMenuModel.ts';
import { qmkToolsModel } from './qmkToolsModel.ts';
import { zmkLayerMenuModel } from './zmkLayerMenuModel.ts';
import { zmkToolsModel } from './zmkToolsModel.ts';

const BEHAVIORS: ZmkBehavior[] = ZMK_BEHAVIORS.map((b) => ({
  id: b.localId,
  displayName: b.displayName,
  sets: b.sets,
}));
const id = (label: string) => ZMK_BEHAVIORS.find((b) => b.label === label)!.localId;
const bind = (label: string, param1 = 0): ZmkBinding => ({ behaviorId: id(label), param1, param2: 0 });
const kp = (key: number) => bind('kp', 0x070000 | key);

/** Layer ids 3, 0, 5 at indexes 0, 1, 2: the default layer (id 0) is index 1. */
const KEYMAP: ZmkKeymapData = {
  layers: [
    { id: 3, name: 'Low', bindings: [kp(4), bind('trans'), bind('none')] },
    { id: 0, name: 'Base', bindings: [kp(5), kp(6), kp(7)] },
    { id: 5, name: '', bindings: [bind('trans'), bind('mo', 3), kp(8)] },
  ],
  availableLayers: 0,
  maxLayerNameLength: 20,
};

describe('the keymap tools model of a ZMK keyboard', () => {
  const model = zmkToolsModel(KEYMAP, BEHAVIORS, [], 3, 'us');

  it('the default layer is layer id 0 wherever it stands; a key is read at its keymap position', () => {
    expect(model.base).toBe(1);
    expect(model.bindingAt({ kind: 'key', layer: 2, index: 2 })).toEqual(kp(8));
    expect(model.bindingAt({ kind: 'encoder', layer: 0, encoder: 0, clockwise: true })).toEqual({
      behaviorId: 0,
      param1: 0,
      param2: 0,
    });
    expect(model.pressedFace(0x04)).toBe('A');
    expect(model.overviewLayers()).toEqual([0, 1, 2]);
  });

  it('layers marked on under a shown one are kept by id, read back as indexes', () => {
    const next = model.toggleUnder({}, 2, 0, [1]);
    expect(next).toEqual({ key: 5, layers: [0, 3] });
    expect(model.marked({ [next.key]: next.layers }, 2)).toEqual([0, 1]);
    expect(model.marked({}, 2)).toBeNull();
  });

  it('Find reads ZMK words; a move is offered only where &none or &trans can be left behind', () => {
    expect(model.matches('')).toBeNull();
    expect(model.matches('&mo')?.(bind('mo', 3))).toBe(true);
    expect(model.canMoveFrom(2)).toBe(true);
    const bare = BEHAVIORS.filter((b) => b.displayName !== 'Transparent' && b.displayName !== 'None');
    expect(zmkToolsModel(KEYMAP, bare, [], 3, 'us').canMoveFrom(2)).toBe(false);
  });
});

describe('the keymap tools model of a VIA board', () => {
  const model = qmkToolsModel({ keymap: [[0x04, 0x01]], encoders: [[[0x05, 0x06]]], used: [0, 1] }, 12, 'us');

  it('reads keys and encoders by index, marks layers by index, always offers a move', () => {
    expect(model.base).toBe(0);
    expect(model.bindingAt({ kind: 'encoder', layer: 0, encoder: 0, clockwise: false })).toBe(0x06);
    expect(model.toggleUnder({}, 2, 1, [0])).toEqual({ key: 2, layers: [0, 1] });
    expect(model.toggleUnder({}, 2, 1, [0, 1])).toEqual({ key: 2, layers: [0] });
    expect(model.marked({ 2: [1] }, 2)).toEqual([1]);
    expect(model.matches('KC_A')?.(0x04)).toBe(true);
    expect(model.canMoveFrom(0)).toBe(true);
  });

  it('All layers leaves out a layer holding only KC_TRNS and KC_NO', () => {
    const view = {
      keymap: [
        [0x04, 0x01],
        [0x01, 0x00],
        [0x00, 0x05],
      ],
      encoders: [],
      used: [0, 1],
    };
    expect(qmkToolsModel(view, 12, 'us').overviewLayers()).toEqual([0, 2]);
  });
});

describe('the layer menu models', () => {
  it("ZMK: operations by layer id, cleared to the keyboard's own &trans, keys holding &trans or &none not counted", () => {
    const menu = zmkLayerMenuModel(KEYMAP, BEHAVIORS, 3);
    expect(menu.names).toEqual(['Low', 'Base', '']);
    expect(menu.clears).toEqual({ transparent: '&trans', nothing: '&none' });
    expect(menu.assigned(0)).toBe(1);
    expect(menu.operation({ kind: 'copy', from: 0, to: 2 })).toEqual({ kind: 'copy', from: 3, to: 5 });
    expect(menu.operation({ kind: 'clear', layer: 1, to: 'transparent' })).toEqual({
      kind: 'clear',
      layer: 0,
      binding: bind('trans'),
    });
  });

  it('ZMK: the layer order by what the firmware takes; removing a layer lists the keys that name it', () => {
    expect(zmkLayerMenuModel(KEYMAP, BEHAVIORS, 3).order).toBeUndefined();
    const removed = [{ id: 7, name: 'Gone', bindings: [] }];
    const order = zmkLayerMenuModel(KEYMAP, BEHAVIORS, 3, {
      removed,
      supports: (request) => request !== 'addLayer',
    }).order!;
    expect(order.can).toEqual({ add: false, move: true, remove: true, restore: true });
    expect(order.spare).toBe(0);
    expect(order.removed).toBe(removed);
    // Layer index 0 is id 3: the &mo 3 at key 1 of the unnamed layer (id 5) names it.
    expect(order.users(0)).toEqual([expect.objectContaining({ layerId: 5, position: 1, layerName: '' })]);
    expect(order.users(1)).toEqual([]);
  });

  it('VIA: operations by index, cleared to KC_TRNS or KC_NO, encoders counted; no layer order', () => {
    const menu = qmkLayerMenuModel({ keymap: [[0x04, 0x01]], encoders: [[[0x05, 0x00]]] }, ['Fn']);
    expect(menu.order).toBeUndefined();
    expect(menu.assigned(0)).toBe(2);
    expect(menu.operation({ kind: 'clear', layer: 0, to: 'nothing' })).toEqual({
      kind: 'clear',
      layer: 0,
      code: 0,
    });
    expect(menu.operation({ kind: 'swap', a: 0, b: 1 })).toEqual({ kind: 'swap', a: 0, b: 1 });
  });
});
