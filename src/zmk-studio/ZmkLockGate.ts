import { create } from '@bufbuild/protobuf';
import { RequestSchema as CoreRequestSchema, LockState } from './generated/core_pb.ts';
import type { ZmkLockSnapshot, ZmkLockState } from '../zmk/lockState.ts';
import { isZmkError, ZmkError } from '../zmk/errors.ts';
import { requiresUnlock } from './lockRules.ts';
import { requestName, type ZmkRequestBody } from './requests.ts';
import type { ZmkReply, ZmkRpcClient } from './ZmkRpcClient.ts';

interface Waiter {
  name: string;
  resume(): void;
  cancel(error: ZmkError): void;
}

/**
 * The lock in front of a client (docs/zmk-studio-protocol.md "The lock"). Requests the firmware refuses while
 * locked wait here while the keyboard is known to be locked, and go on by themselves when the keyboard says
 * `lock_state_changed = UNLOCKED` (the user pressed &studio_unlock). A request refused with UNLOCK_REQUIRED —
 * the keyboard locked itself after idle, or on a reconnect — marks the keyboard locked and waits the same way,
 * then is sent again. Requests allowed while locked never wait. The state comes from `refresh()` (get lock
 * state), the notifications and those refusals; `subscribe` tells the app when it or the waiting list changes.
 */
export class ZmkLockGate {
  private state: ZmkLockState = 'unknown';
  private waiters: Waiter[] = [];
  private readonly listeners = new Set<(snapshot: ZmkLockSnapshot) => void>();
  private snapshotCache: ZmkLockSnapshot = { state: 'unknown', waiting: [] };

  constructor(private readonly client: ZmkRpcClient) {
    client.onNotification((notification) => {
      const { subsystem } = notification;
      if (subsystem.case === 'core' && subsystem.value.notificationType.case === 'lockStateChanged')
        this.set(subsystem.value.notificationType.value === LockState.ZMK_STUDIO_CORE_LOCK_STATE_UNLOCKED);
    });
    client.onClose(() => this.cancelWaiting(new ZmkError('disconnected')));
  }

  snapshot(): ZmkLockSnapshot {
    return this.snapshotCache;
  }

  subscribe(listener: (snapshot: ZmkLockSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks the keyboard whether it is locked (allowed while locked). */
  async refresh(): Promise<ZmkLockState> {
    const reply = await this.client.request({
      case: 'core',
      value: create(CoreRequestSchema, { requestType: { case: 'getLockState', value: true } }),
    });
    const core = reply.subsystem.case === 'core' ? reply.subsystem.value.responseType : null;
    if (core?.case !== 'getLockState') throw new ZmkError('unexpectedReply', 'core.getLockState');
    this.set(core.value === LockState.ZMK_STUDIO_CORE_LOCK_STATE_UNLOCKED);
    return this.state;
  }

  /** Sends `body` through the client, waiting for the unlock first when it needs one (see the class). */
  async request(body: ZmkRequestBody): Promise<ZmkReply> {
    const name = requestName(body);
    if (!requiresUnlock(name)) return this.client.request(body);
    for (;;) {
      if (this.state === 'locked') await this.waitForUnlock(name);
      try {
        return await this.client.request(body);
      } catch (error) {
        if (!isZmkError(error, 'unlockRequired')) throw error;
        this.set(false);
      }
    }
  }

  /** Gives up on every waiting request (the user closed the keyboard): they fail with `error`. */
  cancelWaiting(error: ZmkError = new ZmkError('unlockRequired')): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.cancel(error);
    this.publish();
  }

  private waitForUnlock(name: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({
        name,
        resume: resolve,
        cancel: (error) => reject(new ZmkError(error.code, name, error.detail)),
      });
      this.publish();
    });
  }

  private set(unlocked: boolean): void {
    const next: ZmkLockState = unlocked ? 'unlocked' : 'locked';
    const changed = next !== this.state;
    this.state = next;
    if (unlocked && this.waiters.length > 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const waiter of waiters) waiter.resume();
      this.publish();
    } else if (changed) this.publish();
  }

  private publish(): void {
    this.snapshotCache = { state: this.state, waiting: this.waiters.map((w) => w.name) };
    for (const listener of this.listeners) listener(this.snapshotCache);
  }
}
