import { LockState, type Response as CoreResponse } from './generated/core_pb.ts';
import type { RequestResponse } from './generated/studio_pb.ts';
import { safeName } from '../lib/safeName.ts';
import type { ZmkDeviceInfo } from '../zmk/deviceInfo.ts';
import { ZmkError } from '../zmk/errors.ts';
import { checkLimit, checkText } from '../zmk/limits.ts';
import { coreRequest, type CaseValue, type ZmkRequester } from './requests.ts';

type CoreResponseType = CoreResponse['responseType'];

/** The `core` response of kind `kind`, or 'unexpectedReply'. */
function coreResponse<C extends NonNullable<CoreResponseType['case']>>(
  reply: RequestResponse,
  kind: C,
): CaseValue<CoreResponseType, C> {
  const response = reply.subsystem.case === 'core' ? reply.subsystem.value.responseType : null;
  if (response?.case !== kind)
    throw new ZmkError('unexpectedReply', `core.${kind}`, response?.case ?? 'none');
  // Checked above: `response.case` is `kind`, which TypeScript cannot narrow through the generic.
  return response.value as CaseValue<CoreResponseType, C>;
}

/** The `core` subsystem: device info, lock state, settings reset. */
export class ZmkCore {
  constructor(private readonly rpc: ZmkRequester) {}

  async deviceInfo(): Promise<ZmkDeviceInfo> {
    const reply = await this.rpc.request(coreRequest({ case: 'getDeviceInfo', value: true }));
    const info = coreResponse(reply, 'getDeviceInfo');
    checkText(info.name, 'core.getDeviceInfo');
    checkLimit('serialNumber', info.serialNumber.length, 'core.getDeviceInfo');
    return { name: safeName(info.name), serialNumber: info.serialNumber };
  }

  async lockState(): Promise<'locked' | 'unlocked'> {
    const reply = await this.rpc.request(coreRequest({ case: 'getLockState', value: true }));
    return coreResponse(reply, 'getLockState') === LockState.ZMK_STUDIO_CORE_LOCK_STATE_UNLOCKED
      ? 'unlocked'
      : 'locked';
  }

  /**
   * Puts the keymap back to what the firmware was built with (layer order, names, bindings) and deletes what
   * was saved; takes effect at once. Throws 'resetFailed' when a subsystem could not reset.
   */
  async resetSettings(): Promise<void> {
    const reply = await this.rpc.request(coreRequest({ case: 'resetSettings', value: true }));
    if (!coreResponse(reply, 'resetSettings')) throw new ZmkError('resetFailed', 'core.resetSettings');
  }
}
