// Key override options as Vial stores them: a key override entry carries them in byte 9, a .vil file as a number.

/** Key override option bits (byte 9). */
export const KEY_OVERRIDE_OPTION = {
  ACTIVATE_ON_TRIGGER_DOWN: 1 << 0,
  ACTIVATE_ON_REQUIRED_MOD_DOWN: 1 << 1,
  ACTIVATE_ON_NEGATIVE_MOD_UP: 1 << 2,
  ONE_MOD: 1 << 3,
  NO_REREGISTER_TRIGGER: 1 << 4,
  NO_UNREGISTER_ON_OTHER_KEY_DOWN: 1 << 5,
  ENABLED: 1 << 7,
} as const;
