import { CMD } from './commands.ts';
import { UNSUPPORTED_BY_FIRMWARE, ViaError } from './errors.ts';
import type { ViaClient } from './viaClient.ts';

/**
 * Why a device that exposes the VIA interface cannot be configured, as the connection doctor explains it:
 * - `cannotOpen`: the browser could not open it (on Linux usually hidraw permissions; elsewhere another program);
 * - `viaDisabled`: it answers 0xFF (unhandled) to VIA's first command: VIA is not enabled in that firmware;
 * - `invalidProtocol`: it answers protocol version 0xFFFF (VIA's −1);
 * - `notAnswering`: no reply, or replies that never match the request;
 * - `vialDefinition`: a Vial keyboard whose own definition cannot be read, unpacked or compiled.
 */
export type DeviceProblemKind =
  | 'cannotOpen'
  | 'viaDisabled'
  | 'invalidProtocol'
  | 'notAnswering'
  | 'vialDefinition';

export type ProbeResult = { ok: true; protocol: number } | { ok: false; problem: DeviceProblemKind };

/**
 * Reads the protocol version (command 0x01: reply `01 hi lo`) and, when that fails, says why. Never throws.
 * `ViaCommands.readProtocolVersion` folds every failure into −1, as core.md §4 logs it; this keeps the reason.
 */
export async function probeProtocol(client: ViaClient): Promise<ProbeResult> {
  try {
    const reply = await client.request(CMD.GET_PROTOCOL_VERSION);
    const version = (reply[1]! << 8) | reply[2]!;
    return version === 0xffff ? { ok: false, problem: 'invalidProtocol' } : { ok: true, protocol: version };
  } catch (error) {
    if (!(error instanceof ViaError)) return { ok: false, problem: 'cannotOpen' };
    if (error.message === UNSUPPORTED_BY_FIRMWARE) return { ok: false, problem: 'viaDisabled' };
    // NO_REPLY, INCORRECT_RESPONSE, error 238 or a failed write: the keyboard is not answering VIA properly.
    return { ok: false, problem: 'notAnswering' };
  }
}
