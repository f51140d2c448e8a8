import { create } from '@bufbuild/protobuf';
import { RequestSchema as BehaviorsRequestSchema } from './generated/behaviors_pb.ts';
import type { Request as BehaviorsRequest } from './generated/behaviors_pb.ts';
import { RequestSchema as CoreRequestSchema } from './generated/core_pb.ts';
import type { Request as CoreRequest } from './generated/core_pb.ts';
import { RequestSchema as KeymapRequestSchema } from './generated/keymap_pb.ts';
import type { Request as KeymapRequest } from './generated/keymap_pb.ts';
import type { Request, RequestResponse } from './generated/studio_pb.ts';

/** A request without its id: the subsystem and the request inside it. */
export type ZmkRequestBody = Exclude<Request['subsystem'], { case: undefined }>;

export const coreRequest = (requestType: CoreRequest['requestType']): ZmkRequestBody => ({
  case: 'core',
  value: create(CoreRequestSchema, { requestType }),
});

export const behaviorsRequest = (requestType: BehaviorsRequest['requestType']): ZmkRequestBody => ({
  case: 'behaviors',
  value: create(BehaviorsRequestSchema, { requestType }),
});

export const keymapRequest = (requestType: KeymapRequest['requestType']): ZmkRequestBody => ({
  case: 'keymap',
  value: create(KeymapRequestSchema, { requestType }),
});

/** 'subsystem.request' ('keymap.setLayerBinding'): the name used in errors, logs and the lock rules. */
export function requestName(body: Request['subsystem']): string {
  if (body.case === undefined) return 'unknown';
  return `${body.case}.${body.value.requestType.case ?? 'unknown'}`;
}

/** What sends a request and returns its reply: the client itself, or the lock gate in front of it. */
export interface ZmkRequester {
  request(body: ZmkRequestBody): Promise<RequestResponse>;
}

/** The value type of the oneof member `C` of `T` (`{ case: 'getKeymap'; value: Keymap } | …`). */
export type CaseValue<T, C> = T extends { case: C; value: infer V } ? V : never;
