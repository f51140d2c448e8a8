import type { ZmkKeymapSnapshot } from '../../src/convert/zmkSnapshot.ts';
import type { ZmkBehaviors } from '../../src/zmk-studio/ZmkBehaviors.ts';
import type { ZmkCore } from '../../src/zmk-studio/ZmkCore.ts';
import type { ZmkKeymap } from '../../src/zmk-studio/ZmkKeymap.ts';

/** A keyboard's keymap read through the ZMK Studio clients, as the app holds it (the rig's keyboard unlocked). */
export async function readZmkSnapshot(clients: {
  core: ZmkCore;
  keymap: ZmkKeymap;
  behaviors: ZmkBehaviors;
}): Promise<ZmkKeymapSnapshot> {
  const info = await clients.core.deviceInfo();
  return {
    keyboardName: info.name,
    behaviors: await clients.behaviors.all(),
    physicalLayouts: await clients.keymap.physicalLayouts(),
    keymap: await clients.keymap.keymap(),
  };
}
