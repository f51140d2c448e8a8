import { ErrorConditions } from './generated/meta_pb.ts';
import type { ZmkErrorCode } from '../zmk/errors.ts';

/** The firmware's `meta.simple_error` as a code (an unknown future condition reads as a general error). */
export function metaErrorCode(condition: ErrorConditions): ZmkErrorCode {
  switch (condition) {
    case ErrorConditions.UNLOCK_REQUIRED:
      return 'unlockRequired';
    case ErrorConditions.RPC_NOT_FOUND:
      return 'notFound';
    case ErrorConditions.MSG_DECODE_FAILED:
      return 'decodeFailed';
    case ErrorConditions.MSG_ENCODE_FAILED:
      return 'encodeFailed';
    default:
      return 'generic';
  }
}
