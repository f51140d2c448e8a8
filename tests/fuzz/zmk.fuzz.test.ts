import { create, toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeName } from '../../src/lib/safeName.ts';
import { ZmkBehaviors } from '../../src/zmk-studio/ZmkBehaviors.ts';
import { ZmkCore } from '../../src/zmk-studio/ZmkCore.ts';
import { ZmkError } from '../../src/zmk/errors.ts';
import { encodeFrame, FrameDecoder } from '../../src/zmk-studio/framing.ts';
import { ResponseSchema as BehaviorsResponseSchema } from '../../src/zmk-studio/generated/behaviors_pb.ts';
import { ResponseSchema as CoreResponseSchema } from '../../src/zmk-studio/generated/core_pb.ts';
import { ResponseSchema as KeymapResponseSchema } from '../../src/zmk-studio/generated/keymap_pb.ts';
import { ResponseSchema, type RequestResponse } from '../../src/zmk-studio/generated/studio_pb.ts';
import { ZMK_LIMITS } from '../../src/zmk/limits.ts';
import { ZmkKeymap } from '../../src/zmk-studio/ZmkKeymap.ts';
import { ZmkRpcClient } from '../../src/zmk-studio/ZmkRpcClient.ts';
import type { ZmkTimers, ZmkTransport } from '../../src/zmk-studio/transport.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzConfig.ts';

// ZMK Studio from the keyboard's side (issue 39): any bytes in any chunks through the frame decoder, and any
// reply — random bytes, or well-formed replies with counts and names past ZMK's limits — to every read the app
// makes. The decoder never holds more than its limit; a read resolves within ZMK_LIMITS with safe names, or
// fails with a ZmkError; nothing else escapes.

/** Timeouts fire on the next turn: a reply that never comes fails at once instead of after 3 s. */
const promptTimers: ZmkTimers = {
  setTimeout: (fn) => setImmediate(fn),
  clearTimeout: (handle) => clearImmediate(handle as NodeJS.Immediate),
};

describe('fuzz: ZMK frame decoder', () => {
  it(
    'any bytes in any chunks: no throw, memory within the limit, every frame within it',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 20 }),
          fc.integer({ min: 1, max: 48 }),
          (chunks, max) => {
            const decoder = new FrameDecoder(max);
            for (const chunk of chunks) {
              for (const frame of decoder.push(chunk)) expect(frame.length).toBeLessThanOrEqual(max);
              expect(decoder.bufferedBytes).toBeLessThanOrEqual(max);
            }
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'frames among noise, cut anywhere: each one within the limit is read whole, each longer one dropped',
    () => {
      const noise = fc.uint8Array({ maxLength: 8 }).map((b) => b.filter((x) => x !== 0xab));
      fc.assert(
        fc.property(
          fc.array(fc.tuple(noise, fc.uint8Array({ maxLength: 40 })), { maxLength: 6 }),
          fc.integer({ min: 1, max: 16 }),
          (parts, size) => {
            const max = 24;
            const stream = parts.flatMap(([n, payload]) => [...n, ...encodeFrame(payload)]);
            const decoder = new FrameDecoder(max);
            const frames: Uint8Array[] = [];
            for (let at = 0; at < stream.length; at += size)
              frames.push(...decoder.push(Uint8Array.from(stream.slice(at, at + size))));
            expect(frames).toEqual(parts.map(([, p]) => p).filter((p) => p.length <= max));
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

/** A transport that answers each request at once with the frames `answer` makes from its request id. */
function answering(answer: (requestId: number) => Uint8Array[]): ZmkTransport {
  let receiver: Parameters<ZmkTransport['open']>[0] | null = null;
  const decoder = new FrameDecoder();
  return {
    label: 'fuzz',
    open: async (r) => void (receiver = r),
    write: async (bytes) => {
      for (const payload of decoder.push(bytes)) {
        // The request id is field 1, a varint: enough of a Request to answer it.
        let id = 0;
        for (let i = 1, shift = 0; i < payload.length; i++, shift += 7) {
          id += (payload[i]! & 0x7f) * 2 ** shift;
          if (payload[i]! < 0x80) break;
        }
        for (const chunk of answer(id)) receiver?.bytes(chunk);
      }
    },
    close: async () => undefined,
  };
}

const name = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('evil\u202eexe', 'Fn\n', '\u2066x\u2069', 'a\u0000b'),
  fc.nat({ max: 300 }).map((n) => 'N'.repeat(n)),
);
const count = fc.oneof(fc.nat({ max: 4 }), fc.constantFrom(31, 32, 33, 40));

/** A well-formed reply of some subsystem with counts and names around ZMK's limits. */
const structuredReply: fc.Arbitrary<RequestResponse['subsystem']> = fc.oneof(
  fc.record({ n: name, serial: fc.uint8Array({ maxLength: 40 }) }).map(({ n, serial }) => ({
    case: 'core' as const,
    value: create(CoreResponseSchema, {
      responseType: { case: 'getDeviceInfo', value: { name: n, serialNumber: serial } },
    }),
  })),
  fc
    .record({
      layers: fc.array(fc.record({ id: fc.nat({ max: 40 }), name, bindings: count }), { maxLength: 36 }),
      available: fc.oneof(fc.nat({ max: 40 }), fc.constant(0xffffffff)),
      maxName: fc.oneof(fc.nat({ max: 300 }), fc.constant(0xffffffff)),
    })
    .map(({ layers, available, maxName }) => ({
      case: 'keymap' as const,
      value: create(KeymapResponseSchema, {
        responseType: {
          case: 'getKeymap',
          value: {
            layers: layers.map((l) => ({
              id: l.id,
              name: l.name,
              bindings: Array.from({ length: l.bindings }, () => ({ behaviorId: 1, param1: 4, param2: 0 })),
            })),
            availableLayers: available,
            maxLayerNameLength: maxName,
          },
        },
      }),
    })),
  fc.oneof(fc.nat({ max: 8 }), fc.constantFrom(512, 513, 600)).map((n) => ({
    case: 'behaviors' as const,
    value: create(BehaviorsResponseSchema, {
      responseType: {
        case: 'listAllBehaviors',
        value: { behaviors: Array.from({ length: n }, (_, i) => i) },
      },
    }),
  })),
  fc
    .record({
      displayName: name,
      values: fc.oneof(fc.nat({ max: 3 }), fc.constantFrom(256, 257)),
      valueName: name,
    })
    .map(({ displayName, values, valueName }) => ({
      case: 'behaviors' as const,
      value: create(BehaviorsResponseSchema, {
        responseType: {
          case: 'getBehaviorDetails',
          value: {
            id: 1,
            displayName,
            metadata: [
              {
                param1: Array.from({ length: values }, () => ({
                  name: valueName,
                  valueType: { case: 'constant' as const, value: 1 },
                })),
              },
            ],
          },
        },
      }),
    })),
);

const reply = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((bytes) => () => bytes),
  structuredReply.map(
    (subsystem) => (id: number) =>
      toBinary(
        ResponseSchema,
        create(ResponseSchema, { type: { case: 'requestResponse', value: { requestId: id, subsystem } } }),
      ),
  ),
);

/** The reads the app makes while loading a keyboard. */
const READS = [
  (c: ZmkRpcClient) => new ZmkCore(c).deviceInfo(),
  (c: ZmkRpcClient) => new ZmkBehaviors(c).list(),
  (c: ZmkRpcClient) => new ZmkBehaviors(c).details(1),
  (c: ZmkRpcClient) => new ZmkKeymap(c).keymap(),
  (c: ZmkRpcClient) => new ZmkKeymap(c).physicalLayouts(),
] as const;

/** Every name and count of a resolved read: within ZMK_LIMITS, no unsafe character. */
function checkResolved(value: unknown): void {
  if (Array.isArray(value)) {
    expect(value.length).toBeLessThanOrEqual(Math.max(ZMK_LIMITS.behaviors, ZMK_LIMITS.positions));
    value.forEach(checkResolved);
  } else if (typeof value === 'string') {
    expect(isSafeName(value)).toBe(true);
    expect(value.length).toBeLessThanOrEqual(ZMK_LIMITS.text);
  } else if (value && typeof value === 'object' && !(value instanceof Uint8Array))
    Object.values(value).forEach(checkResolved);
}

describe('fuzz: ZMK RPC replies', () => {
  it(
    'any reply to any read: resolved within the limits with safe names, or a ZmkError',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...READS),
          reply,
          fc.integer({ min: 1, max: 32 }),
          async (read, make, size) => {
            const transport = answering((id) => {
              const frame = encodeFrame(make(id));
              const chunks: Uint8Array[] = [];
              for (let at = 0; at < frame.length; at += size) chunks.push(frame.slice(at, at + size));
              return chunks;
            });
            const client = new ZmkRpcClient(transport, { timers: promptTimers });
            try {
              checkResolved(await read(client));
            } catch (error) {
              expect(error).toBeInstanceOf(ZmkError);
            }
          },
        ),
        { ...fuzzParameters(), numRuns: Math.max(200, Math.round(fuzzParameters().numRuns! / 5)) },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
