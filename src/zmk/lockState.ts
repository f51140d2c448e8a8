// ZMK Studio's lock as the app shows it: whether the keyboard is locked, and which requests wait for the unlock.

export type ZmkLockState = 'unknown' | 'locked' | 'unlocked';

export interface ZmkLockSnapshot {
  state: ZmkLockState;
  /** Names of the requests waiting for the unlock, oldest first ('keymap.getKeymap'). */
  waiting: readonly string[];
}
