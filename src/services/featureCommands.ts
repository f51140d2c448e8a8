import type { ApData, DksEntry, RtData } from '../qmk/actuation.ts';

/*
 * What a pane that talks to one feature of the keyboard may ask of it, in the feature's own terms: the device's
 * commands (`DeviceState.commands()`, protocol/viaCommands.ts) answer both, and the pane sees these requests only,
 * never the command set or a byte.
 */

/** Hall-effect keys (the Actuation pane): the switches' self check, then each key's travel settings. */
export interface ActuationCommands {
  selfChecked(): Promise<boolean>;
  runSelfCheck(): Promise<boolean>;
  /** The actuation point and dead zones of the first `keys` matrix positions. */
  readActuation(keys: number): Promise<ApData[]>;
  setActuation(row: number, col: number, data: ApData): Promise<void>;
  readRapidTrigger(keys: number): Promise<RtData[]>;
  setRapidTrigger(row: number, col: number, data: RtData): Promise<void>;
  readDks(): Promise<DksEntry[]>;
  setDks(entry: DksEntry): Promise<void>;
  clearDks(layer: number, row: number, col: number): Promise<void>;
}

/** A v2 definition's custom features (the Custom features pane): encoder modes, OLED modes, custom encoders. */
export interface CustomFeatureCommands {
  /** Bit mask of the encoder modes that are on. */
  encoderModes(): Promise<number>;
  setEncoderModes(mask: number): Promise<void>;
  oledMode(which: 'default' | 'current'): Promise<number>;
  setOledMode(which: 'default' | 'current', mode: number): Promise<void>;
  /** Custom encoder `index` (0–2): its clockwise, counter-clockwise and press keycodes. */
  customEncoder(index: number): Promise<[number, number, number]>;
  setCustomEncoder(index: number, slot: 0 | 1 | 2, keycode: number): Promise<void>;
}
