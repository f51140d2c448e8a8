import type { ViaClient } from '../protocol/viaClient.ts';
import {
  readUnlockPoll,
  readUnlockStatus,
  UNLOCK_COUNTER_START,
  VIAL,
  vialRequest,
  type UnlockStatus,
} from '../protocol/vial.ts';

/* The Vial security lock's commands (docs/vial-protocol.md "Unlock"), used by state/vialUnlockStore.ts. */

const isFlag = (b: number | undefined) => b === 0 || b === 1;
const echoes = (request: readonly number[]) => (reply: Uint8Array) => request.every((b, i) => reply[i] === b);

/** Whether the keyboard is unlocked, unlocking, and which matrix positions the user must hold. */
export async function readUnlockState(client: ViaClient): Promise<UnlockStatus> {
  return readUnlockStatus(
    await client.requestRaw(vialRequest(VIAL.GET_UNLOCK_STATUS), (r) => isFlag(r[0]) && isFlag(r[1])),
  );
}

/** Starts (or restarts) the unlock: the counter goes back to 50 and the keyboard types nothing until it ends. */
export async function startUnlock(client: ViaClient): Promise<void> {
  const request = vialRequest(VIAL.UNLOCK_START);
  await client.requestRaw(request, echoes(request));
}

/** One poll: counts down while every unlock key is held (polls must be more than 100 ms apart). */
export async function pollUnlock(client: ViaClient): Promise<ReturnType<typeof readUnlockPoll>> {
  return readUnlockPoll(
    await client.requestRaw(
      vialRequest(VIAL.UNLOCK_POLL),
      (r) => isFlag(r[0]) && isFlag(r[1]) && r[2]! <= UNLOCK_COUNTER_START,
    ),
  );
}

/** Locks the keyboard again (no effect on a firmware built insecure). */
export async function lockKeyboard(client: ViaClient): Promise<void> {
  const request = vialRequest(VIAL.LOCK);
  await client.requestRaw(request, echoes(request));
}
