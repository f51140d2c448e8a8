/**
 * Which ZMK Studio requests the firmware refuses while locked (UNLOCK_REQUIRED): every handler registered as
 * secured in app/src/studio/*_subsystem.c (docs/zmk-studio-protocol.md "The lock"). `core.lock` has no handler
 * at all (RPC_NOT_FOUND), so it is in neither list.
 */
export const REQUESTS_ALLOWED_WHILE_LOCKED: ReadonlySet<string> = new Set([
  'core.getDeviceInfo',
  'core.getLockState',
  'behaviors.listAllBehaviors',
]);

export const REQUESTS_REFUSED_WHILE_LOCKED: ReadonlySet<string> = new Set([
  'core.resetSettings',
  'behaviors.getBehaviorDetails',
  'keymap.getKeymap',
  'keymap.setLayerBinding',
  'keymap.checkUnsavedChanges',
  'keymap.saveChanges',
  'keymap.discardChanges',
  'keymap.getPhysicalLayouts',
  'keymap.setActivePhysicalLayout',
  'keymap.moveLayer',
  'keymap.addLayer',
  'keymap.removeLayer',
  'keymap.restoreLayer',
  'keymap.setLayerProps',
]);

/**
 * True when the firmware refuses `name` ('keymap.getKeymap') while locked. A request this revision does not
 * list (newer firmware) counts as refused: waiting for the unlock is the safe guess.
 */
export function requiresUnlock(name: string): boolean {
  return !REQUESTS_ALLOWED_WHILE_LOCKED.has(name);
}
