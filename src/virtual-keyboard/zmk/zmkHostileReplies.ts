import { create } from '@bufbuild/protobuf';
import {
  BehaviorBindingParametersSetSchema,
  BehaviorParameterValueDescriptionSchema,
} from '../../zmk-studio/generated/behaviors_pb.ts';
import { BehaviorBindingSchema, LayerSchema } from '../../zmk-studio/generated/keymap_pb.ts';
import type { RequestResponse } from '../../zmk-studio/generated/studio_pb.ts';

/**
 * Reply rewriters for the hostile-device rig (`ZmkFaults.rewrite`): a keyboard reporting counts and lengths no
 * ZMK keyboard holds, as the audit of issue 39 sent them. Each changes only the reply it names.
 */
export type ZmkReplyRewrite = (reply: RequestResponse, request: string) => void;

const keymapOf = (reply: RequestResponse) => {
  const keymap = reply.subsystem.case === 'keymap' ? reply.subsystem.value.responseType : null;
  return keymap?.case === 'getKeymap' ? keymap.value : null;
};

/** `available_layers` = `count` (4,294,967,295 loaded "normally" before the limits). */
export const spareLayers =
  (count: number): ZmkReplyRewrite =>
  (reply) => {
    const keymap = keymapOf(reply);
    if (keymap) keymap.availableLayers = count;
  };

/** `count` layers, each named with `nameLength` letters (the keymap's first layer's bindings copied). */
export const manyLayers =
  (count: number, nameLength = 4): ZmkReplyRewrite =>
  (reply) => {
    const keymap = keymapOf(reply);
    if (!keymap) return;
    const bindings = keymap.layers[0]?.bindings ?? [];
    keymap.layers = Array.from({ length: count }, (_, id) =>
      create(LayerSchema, { id, name: 'L'.repeat(nameLength), bindings }),
    );
  };

/** Every layer with `count` bindings. */
export const manyPositions =
  (count: number): ZmkReplyRewrite =>
  (reply) => {
    const keymap = keymapOf(reply);
    const none = create(BehaviorBindingSchema, {});
    for (const layer of keymap?.layers ?? []) layer.bindings = Array.from({ length: count }, () => none);
  };

/** `list_all_behaviors` with `count` ids (100,000 ids meant 100,008 requests). */
export const manyBehaviors =
  (count: number): ZmkReplyRewrite =>
  (reply) => {
    const behaviors = reply.subsystem.case === 'behaviors' ? reply.subsystem.value.responseType : null;
    if (behaviors?.case === 'listAllBehaviors')
      behaviors.value.behaviors = Array.from({ length: count }, (_, i) => i + 1);
  };

/** Every behavior's details with `count` parameter descriptions, `perSet` to a set (all in one by default). */
export const manyParamValues =
  (count: number, perSet = count): ZmkReplyRewrite =>
  (reply) => {
    const behaviors = reply.subsystem.case === 'behaviors' ? reply.subsystem.value.responseType : null;
    if (behaviors?.case !== 'getBehaviorDetails') return;
    const value = create(BehaviorParameterValueDescriptionSchema, {
      name: 'v',
      valueType: { case: 'constant', value: 1 },
    });
    behaviors.value.metadata = Array.from({ length: Math.ceil(count / perSet) }, (_, i) =>
      create(BehaviorBindingParametersSetSchema, {
        param1: Array.from({ length: Math.min(perSet, count - i * perSet) }, () => value),
      }),
    );
  };

/** The first key of every physical layout moved `x` centi-keyunits right (past int16: no ZMK key is there). */
export const farKey =
  (x: number): ZmkReplyRewrite =>
  (reply) => {
    const keymap = reply.subsystem.case === 'keymap' ? reply.subsystem.value.responseType : null;
    if (keymap?.case !== 'getPhysicalLayouts') return;
    for (const layout of keymap.value.layouts) if (layout.keys[0]) layout.keys[0].x = x;
  };

/** The keyboard's name replaced by `name` (a long one, or one with bidi overrides). */
export const deviceName =
  (name: string): ZmkReplyRewrite =>
  (reply) => {
    const core = reply.subsystem.case === 'core' ? reply.subsystem.value.responseType : null;
    if (core?.case === 'getDeviceInfo') core.value.name = name;
  };

/** Every layer named `name` (bidi overrides, control characters). */
export const layerNames =
  (name: string): ZmkReplyRewrite =>
  (reply) => {
    for (const layer of keymapOf(reply)?.layers ?? []) layer.name = name;
  };

/** Several rewriters, in order. */
export const allOf =
  (...rewrites: ZmkReplyRewrite[]): ZmkReplyRewrite =>
  (reply, request) => {
    for (const rewrite of rewrites) rewrite(reply, request);
  };
