import type { DefinitionVersion } from '../definitions/compile.ts';
import type { LayerState } from '../formats/layerOps.ts';
import type { DeviceProblemKind } from '../protocol/protocolProbe.ts';
import type { VialKeyboardId } from '../protocol/vialBasics.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import type { DefinitionsRepository } from '../services/definitionsRepository.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import type { VirtualKeyboardConfig } from '../virtual-keyboard/config.ts';
import type { DeviceCapabilities } from './deviceCapabilities.ts';
import type { ViaConnection } from './viaConnection.ts';
import type { ZmkContact, ZmkDemoMaker, ZmkRecognised } from './zmkSource.ts';

/*
 * A device family is one kind of device Keyloom talks to (VIA keyboards, Vial keyboards; next ZMK keyboards and
 * flashing bootloaders): how to recognise one among the devices a source lists, how to load it, and what it
 * offers. The device store consults the families the app registers (deviceFamilies.ts) and never branches on a
 * protocol number or a family itself; the UI reads the capability table, never the family.
 */

/** The families Keyloom knows, one module each in src/families/. */
export type FamilyId = 'via' | 'vial' | 'zmk';

/**
 * What each source of devices hands a family to recognise a device by. A HID device on the VIA interface comes
 * with its VIA connection, shared by every family of the source (a question is asked once, whoever asks it). A
 * family of another source adds its entry here (ZMK over Web Serial: the port and its RPC client).
 */
export interface SourceContacts {
  hid: ViaConnection;
  /** A ZMK Studio connection (Web Serial, Web Bluetooth, a virtual port): its byte stream, not yet opened. */
  zmk: ZmkContact;
}
export type DeviceSource = keyof SourceContacts;

/** What a family's demo is made of, by source: a HID demo is a firmware model behind `VirtualHid`. */
export interface SourceDemos {
  hid: VirtualKeyboardConfig;
  /** A ZMK demo is a firmware model behind a virtual serial port, made with the settings it saved before. */
  zmk: ZmkDemoMaker;
}

/**
 * What recognising gives, by source: a HID device's facts and the VIA-shaped session the device store drives;
 * a ZMK keyboard its name and the ZMK Studio session its own store drives (its keymap is bindings of behaviors,
 * not VIA keycodes, and it has a lock, unsaved changes and layers of its own: state/zmkKeyboardStore.ts).
 */
export interface SourceRecognitions {
  hid: { facts: DeviceFacts; session: FamilySession };
  zmk: ZmkRecognised;
}

/**
 * A device that a family can configure, as the device list shows it. `hasDefinition` is false for a keyboard
 * Keyloom has no definition for (neither stored by the user nor served): it is listed and explained, never
 * dropped.
 */
export interface ConnectedDevice {
  path: string;
  productName: string;
  vendorId: number;
  productId: number;
  vendorProductId: number;
  /** The family that recognised it (and loads it). */
  family: FamilyId;
  protocol: number;
  requiredDefinitionVersion: DefinitionVersion;
  virtual: boolean;
  hasDefinition: boolean;
  /** A Vial keyboard (it answered Vial's "get keyboard id"): it carries its own definition. */
  vial?: VialKeyboardId;
}

/** An authorised device that cannot be configured, and why (for the connection doctor). */
export interface DeviceProblem {
  path: string;
  productName: string;
  vendorId: number;
  productId: number;
  virtual: boolean;
  problem: DeviceProblemKind;
  /** What exactly is wrong (the Vial definition's fault), in English as the Errors page logs it. */
  detail?: string;
}

/** What the app hands a family. */
export interface FamilyDeps {
  definitions: DefinitionsRepository;
}

/** The facts a family read from a device (the store adds the source's path, ids, name and `family`). */
export type DeviceFacts = Omit<
  ConnectedDevice,
  'path' | 'productName' | 'vendorId' | 'productId' | 'virtual' | 'family'
>;

/**
 * What `recognise` found: a device of the family with the session to drive it through, or one of the family's
 * that cannot be used (with the message the Errors page logs).
 */
export type Recognition<S extends DeviceSource = 'hid'> =
  SourceRecognitions[S] | { problem: DeviceProblemKind; message: string };

/** How a load is told about the world around it. */
export interface FamilyLoadOptions {
  device: ConnectedDevice;
  /** Called before every request: throws once another selection replaced this load. */
  superseded(): void;
  /** A part that failed without failing the load (menu values, layout options), in English for the Errors page. */
  warn(message: string): void;
}

/**
 * One recognised device as its family drives it. The device store loads a keyboard and edits its keymap only
 * through this; what only some families have is said by the capability table, not by more methods here.
 */
export interface FamilySession {
  /**
   * VIA's commands, for the services of VIA features (macros, menus, layout files, transfers, the matrix
   * tester); null for a family that does not speak VIA (its capability table says false for those).
   */
  readonly commands: ViaCommands | null;
  /**
   * Reads the keyboard: its definition (served, stored by the user, or read from the keyboard), then its state
   * in the family's order. A load that can never succeed rejects with a DeviceRefusal (the store stops retrying).
   */
  load(options: FamilyLoadOptions): Promise<KeyboardState>;
  /** Writes one key's code (the store has already shown it and puts the old one back on failure). */
  setKey(layer: number, row: number, col: number, code: number): Promise<void>;
  /** Writes one direction of an encoder (cw: clockwise). */
  setEncoder(layer: number, encoder: number, cw: boolean, code: number): Promise<void>;
  /** Writes whole layers (keymap and encoders) from `current` to `next` in the fewest writes the family has. */
  writeLayers(current: KeyboardState, next: LayerState): Promise<void>;
  /**
   * What the keyboard it loaded offers, resolved once at load (the session of a family that loads on demand
   * brings its rules along): the UI asks this, never the protocol or the family.
   */
  capabilities(keyboard: KeyboardState): DeviceCapabilities;
}

export interface DeviceFamily<S extends DeviceSource = DeviceSource> {
  readonly id: FamilyId;
  /** Which source lists its devices. */
  readonly source: S;
  /**
   * Whether a listed device is one of the family's. Families are asked in registration order and the first
   * answer other than null owns the device; a family asks through the contact, which keeps each answer for the
   * device. Called on every refresh: a family returns the same session while the device's facts stay the same.
   */
  recognise(contact: SourceContacts[S], deps: FamilyDeps): Promise<Recognition<S> | null>;
  /** The family's demo keyboards (`?virtual=<id>`, 'Try a virtual keyboard'): their ids, and what one is made of. */
  readonly demos?: {
    readonly ids: readonly string[];
    config(id: string, deps: FamilyDeps): Promise<SourceDemos[S]>;
  };
}

/** A load that can never succeed (a Vial keyboard's broken definition): no retries, the device shows `problem`. */
export class DeviceRefusal extends Error {
  constructor(
    readonly problem: DeviceProblemKind,
    message: string,
  ) {
    super(message);
    this.name = 'DeviceRefusal';
  }
}
