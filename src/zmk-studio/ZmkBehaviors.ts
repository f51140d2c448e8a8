import { create } from '@bufbuild/protobuf';
import {
  GetBehaviorDetailsRequestSchema,
  type BehaviorParameterValueDescription,
  type Response as BehaviorsResponse,
} from './generated/behaviors_pb.ts';
import type { RequestResponse } from './generated/studio_pb.ts';
import { safeName } from '../lib/safeName.ts';
import type { ZmkBehavior, ZmkParamValue } from '../zmk/behavior.ts';
import { ZmkError } from '../zmk/errors.ts';
import { checkLimit, checkText } from '../zmk/limits.ts';
import { behaviorsRequest, type CaseValue, type ZmkRequester } from './requests.ts';

function paramValue(description: BehaviorParameterValueDescription): ZmkParamValue {
  const name = safeName(description.name);
  const value = description.valueType;
  switch (value.case) {
    case 'nil':
      return { name, kind: 'nil' };
    case 'constant':
      return { name, kind: 'constant', value: value.value };
    case 'range':
      return { name, kind: 'range', min: value.value.min, max: value.value.max };
    case 'hidUsage':
      return {
        name,
        kind: 'hidUsage',
        keyboardMax: value.value.keyboardMax,
        consumerMax: value.value.consumerMax,
      };
    case 'layerId':
      return { name, kind: 'layerId' };
    default:
      return { name, kind: 'unknown' };
  }
}

type BehaviorsResponseType = BehaviorsResponse['responseType'];

function behaviorsResponse<C extends NonNullable<BehaviorsResponseType['case']>>(
  reply: RequestResponse,
  kind: C,
): CaseValue<BehaviorsResponseType, C> {
  const response = reply.subsystem.case === 'behaviors' ? reply.subsystem.value.responseType : null;
  if (response?.case !== kind)
    throw new ZmkError('unexpectedReply', `behaviors.${kind}`, response?.case ?? 'none');
  // Checked above: `response.case` is `kind`, which TypeScript cannot narrow through the generic.
  return response.value as CaseValue<BehaviorsResponseType, C>;
}

/** The `behaviors` subsystem: the behaviors the firmware has and how their parameters are filled. */
export class ZmkBehaviors {
  constructor(private readonly rpc: ZmkRequester) {}

  /** The local ids of every behavior in the firmware (allowed while locked). */
  async list(): Promise<number[]> {
    const reply = await this.rpc.request(behaviorsRequest({ case: 'listAllBehaviors', value: true }));
    const ids = behaviorsResponse(reply, 'listAllBehaviors').behaviors;
    // Each id costs a details request on load: the count is checked before any is asked.
    checkLimit('behaviors', ids.length, 'behaviors.listAllBehaviors');
    return [...new Set(ids)];
  }

  /** A behavior's name and parameter descriptions; 'generic' for an id the firmware does not have. */
  async details(id: number): Promise<ZmkBehavior> {
    if (!Number.isInteger(id) || id < 0 || id > 0xffffffff)
      throw new ZmkError('invalidRequest', 'behaviors.getBehaviorDetails', `behavior id ${id}`);
    const reply = await this.rpc.request(
      behaviorsRequest({
        case: 'getBehaviorDetails',
        value: create(GetBehaviorDetailsRequestSchema, { behaviorId: id }),
      }),
    );
    const details = behaviorsResponse(reply, 'getBehaviorDetails');
    const name = 'behaviors.getBehaviorDetails';
    checkText(details.displayName, name);
    checkLimit('sets', details.metadata.length, name);
    let described = 0;
    for (const set of details.metadata)
      for (const values of [set.param1, set.param2]) {
        checkLimit('values', values.length, name);
        checkLimit('behaviorValues', (described += values.length), name);
        for (const value of values) checkText(value.name, name);
      }
    return {
      id: details.id,
      displayName: safeName(details.displayName),
      sets: details.metadata.map((set) => ({
        param1: set.param1.map(paramValue),
        param2: set.param2.map(paramValue),
      })),
    };
  }

  /** Every behavior with its details, in the firmware's order (one request each after the list). */
  async all(): Promise<ZmkBehavior[]> {
    const behaviors: ZmkBehavior[] = [];
    for (const id of await this.list()) behaviors.push(await this.details(id));
    return behaviors;
  }
}
