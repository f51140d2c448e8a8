import { ZmkBehaviors } from '../zmk-studio/ZmkBehaviors.ts';
import { type ZmkBehavior } from '../zmk/behavior.ts';
import { ZmkCore } from '../zmk-studio/ZmkCore.ts';
import { type ZmkDeviceInfo } from '../zmk/deviceInfo.ts';
import { ZmkKeymap } from '../zmk-studio/ZmkKeymap.ts';
import { type ZmkKeymapData, type ZmkPhysicalLayouts } from '../zmk/keymapData.ts';
import { ZmkLockGate } from '../zmk-studio/ZmkLockGate.ts';
import { ZmkRpcClient, type ZmkRpcClientOptions } from '../zmk-studio/ZmkRpcClient.ts';
import { isZmkError } from '../zmk/errors.ts';
import { checkLimit } from '../zmk/limits.ts';
import type { ZmkTransport } from '../zmk-studio/transport.ts';

/**
 * One connection to a ZMK keyboard: the RPC client over its transport, the lock gate in front of it, and the
 * three subsystems' requests going through the gate (so each waits for the unlock when it must).
 */
export interface ZmkSession {
  readonly label: string;
  readonly client: ZmkRpcClient;
  readonly gate: ZmkLockGate;
  readonly core: ZmkCore;
  readonly keymap: ZmkKeymap;
  readonly behaviors: ZmkBehaviors;
  close(): Promise<void>;
}

export function openZmkSession(transport: ZmkTransport, options: ZmkRpcClientOptions = {}): ZmkSession {
  const client = new ZmkRpcClient(transport, options);
  const gate = new ZmkLockGate(client);
  return {
    label: transport.label,
    client,
    gate,
    core: new ZmkCore(gate),
    keymap: new ZmkKeymap(gate),
    behaviors: new ZmkBehaviors(gate),
    close: async () => {
      gate.cancelWaiting();
      await client.close();
    },
  };
}

/** What Keyloom reads from a ZMK keyboard before showing it. */
export interface ZmkKeyboardData {
  info: ZmkDeviceInfo;
  behaviors: ZmkBehavior[];
  layouts: ZmkPhysicalLayouts;
  keymap: ZmkKeymapData;
  unsaved: boolean;
}

/** How many times a read the keyboard left unanswered is asked again before the load gives up. */
export const ZMK_READ_RETRIES = 2;

/**
 * Runs a read, asking again when the keyboard left it unanswered (a dropped reply: reads change nothing, so
 * asking twice is safe); `onRetry` hears of each retry so the app can say so.
 */
export async function readWithRetry<T>(
  read: () => Promise<T>,
  onRetry: (error: unknown) => void = () => undefined,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= ZMK_READ_RETRIES || !isZmkError(error, 'timeout')) throw error;
      onRetry(error);
    }
  }
}

/**
 * Reads a ZMK keyboard (docs/zmk-studio-protocol.md): its name and lock state (allowed while locked), the
 * behaviors' ids, then — waiting in the lock gate until the user presses &studio_unlock — each behavior's
 * details, the physical layouts, the keymap and whether changes are pending. `onInfo` gets the name as soon as
 * it is known, so the app shows which keyboard waits for the unlock. A behavior whose details the firmware
 * cannot give (GENERIC) is left out; a request the firmware does not know (RPC_NOT_FOUND) for the unsaved
 * check counts as "nothing pending".
 */
export async function loadZmkKeyboard(
  session: ZmkSession,
  hooks: { onInfo?(info: ZmkDeviceInfo): void; onRetry?(error: unknown): void } = {},
): Promise<ZmkKeyboardData> {
  const read = <T>(fn: () => Promise<T>) => readWithRetry(fn, hooks.onRetry);
  const info = await read(() => session.core.deviceInfo());
  hooks.onInfo?.(info);
  await read(() => session.gate.refresh());
  const ids = await read(() => session.behaviors.list());
  const behaviors: ZmkBehavior[] = [];
  let described = 0;
  for (const id of ids) {
    try {
      const behavior = await read(() => session.behaviors.details(id));
      for (const set of behavior.sets) described += set.param1.length + set.param2.length;
      // Every behavior's descriptions together stay within what a keyboard page can hold (limits.ts).
      checkLimit('allBehaviorValues', described, 'behaviors.getBehaviorDetails');
      behaviors.push(behavior);
    } catch (error) {
      if (!isZmkError(error, 'generic')) throw error;
    }
  }
  const layouts = await read(() => session.keymap.physicalLayouts());
  const keymap = await read(() => session.keymap.keymap());
  let unsaved = false;
  try {
    unsaved = await read(() => session.keymap.hasUnsavedChanges());
  } catch (error) {
    if (!isZmkError(error, 'notFound')) throw error;
  }
  return { info, behaviors, layouts, keymap, unsaved };
}
