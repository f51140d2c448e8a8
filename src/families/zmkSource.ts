import type { ZmkSession } from '../services/zmkSession.ts';
import type { ZmkSavedSettings } from '../virtual-keyboard/zmk/ZmkKeymapModel.ts';
import type { ZmkDeviceInfo } from '../zmk/deviceInfo.ts';
import type { ZmkErrorCode, ZmkOverLimit } from '../zmk/errors.ts';
import type { ZmkTransport } from '../zmk-studio/transport.ts';
import type { ZmkRpcClientOptions } from '../zmk-studio/ZmkRpcClient.ts';

// What the ZMK source hands its family and gets back (deviceFamily.ts's SourceContacts, SourceDemos and
// SourceRecognitions name these; zmkFamily.ts implements them).

/** A ZMK Studio connection as its source hands it over: the byte stream, not yet opened. */
export interface ZmkContact {
  transport: ZmkTransport;
  /** The client's timers and silence timeout (tests; the app takes the defaults). */
  options?: ZmkRpcClientOptions;
}

/** A recognised ZMK keyboard: its name (read while locked) and the session its keyboard store drives. */
export interface ZmkRecognised {
  info: ZmkDeviceInfo;
  session: ZmkSession;
}

/** A keyboard that did not answer keeps its session: its store shows why and can ask again. */
export type ZmkRecognition =
  | ZmkRecognised
  | {
      problem: 'notAnswering';
      message: string;
      /** How the name request failed ('timeout', 'notStudio', 'overLimit' …), for the page to word. */
      failure: { code: ZmkErrorCode; request: string; over?: ZmkOverLimit };
      session: ZmkSession;
    };

/** What Keyloom may do to a virtual ZMK keyboard that a person does to a real one. */
export interface ZmkVirtualControls {
  /** Presses the key bound to &studio_unlock; false when no layer has one. */
  pressUnlock(): boolean;
  /** The model itself (tests reach its faults and firmware through `window.__keyloom`). */
  readonly keyboard: unknown;
}

/** A ZMK demo, made with what it saved before; it tells `onSaved` whenever it saves (the app keeps it). */
export type ZmkDemoMaker = (saved: {
  settings: ZmkSavedSettings | null;
  onSaved(settings: ZmkSavedSettings): void;
}) => { transport: ZmkTransport; virtual: ZmkVirtualControls };
