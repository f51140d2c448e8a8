import { PROTOCOL } from '../qmk/protocolVersions.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import type { KeychronFeatures } from '../qmk/keychronSettings.ts';

/**
 * What a loaded keyboard offers beyond what its definition says, resolved once by its family when it loads
 * (`DeviceFamily.capabilities`) and kept beside it in the device store. Panes and screens ask this table, never
 * a protocol number or a family: a family that lacks a feature says false (or null) here and nothing else needs
 * to know. (What the definition or the vendor config declares, such as menus or the vendor's panes, is read
 * from them.)
 */
export interface DeviceCapabilities {
  /** Encoders have a code per layer and direction (VIA protocol 10+, or Vial's own encoder command). */
  encoders: boolean;
  /** Lighting spoken outside menus: VIA's v2 lighting values, VialRGB, or none (v3 lighting is a menu). */
  lighting: 'via' | 'vialRgb' | null;
  /** Vial's .vil files are read and written. */
  vilFiles: boolean;
  /** The Key Tester's matrix test: open, only after the keyboard's lock is opened, or none. */
  matrixTester: 'open' | 'unlock' | null;
  /** Vial's tap dance, combos, key overrides and QMK settings (which of them: the features store reads). */
  vialFeatures: boolean;
  /**
   * A lock the user opens on the keyboard before some writes ('vial': hold the keys it names; 'zmk': press the
   * key bound to &studio_unlock); null: none.
   */
  lock: 'vial' | 'zmk' | null;
  /** Where the keyboard's definition came from: served or stored by the user, or read from the keyboard. */
  definitionFrom: 'served' | 'keyboard';
  /** What a Keychron board reported having (0xA2, 0xA7 0x01): its panes follow these; absent elsewhere. */
  keychron?: KeychronFeatures;
}

/** A keyboard that speaks VIA, by what its load read: its protocol and its definition's lighting. */
export function viaCapabilities(keyboard: KeyboardState): DeviceCapabilities {
  return {
    encoders: keyboard.protocol >= PROTOCOL.ENCODERS,
    lighting: 'lighting' in keyboard.definition ? 'via' : null,
    vilFiles: false,
    matrixTester: keyboard.protocol >= PROTOCOL.MATRIX_TESTER ? 'open' : null,
    vialFeatures: false,
    lock: null,
    definitionFrom: 'served',
    ...(keyboard.keychron ? { keychron: keyboard.keychron.features } : {}),
  };
}
