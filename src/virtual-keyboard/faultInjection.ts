import { FaultInjector, type Fault, type FaultOptions } from './faults.ts';

/*
 * The fault injector's methods that queue and apply faults (faults.ts says why they live apart). Importing this
 * module installs them on `FaultInjector`.
 */

FaultInjector.prototype.inject = function inject(
  this: FaultInjector,
  fault: Fault,
  options: FaultOptions = {},
) {
  const times = options.times ?? 1;
  this.pending.push({
    fault,
    remaining: times === 'always' ? Infinity : times,
    skip: options.after ?? 0,
    ...(options.command !== undefined ? { command: options.command } : {}),
    ...(options.link !== undefined ? { link: options.link } : {}),
  });
};

FaultInjector.prototype.clear = function clear(this: FaultInjector) {
  this.pending = [];
  this.latencyMs = 0;
  this.refuseOpen = false;
};

FaultInjector.prototype.alter = function alter(fault: Fault, reply: Uint8Array): Uint8Array {
  const out = reply.slice();
  if (fault.kind === 'wrongEcho') out[1] = (out[1]! + 1) & 0xff;
  if (fault.kind === 'unhandled') out[0] = 0xff;
  if (fault.kind === 'error238') out[0] = 238;
  if (fault.kind === 'overwrite')
    fault.bytes.forEach((b, i) => {
      if (fault.offset + i < out.length) out[fault.offset + i] = b & 0xff;
    });
  return out;
};
