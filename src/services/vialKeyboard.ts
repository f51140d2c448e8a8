import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import { loadCompiler } from '../definitions/loadCompiler.ts';
import type { ViaClient } from '../protocol/viaClient.ts';
import {
  DEFINITION_BLOCK,
  definitionBlockRequest,
  definitionBlocks,
  isVialKeyboardIdReply,
  readDefinitionSize,
  readKeyboardId,
  readUnlockPoll,
  readUnlockStatus,
  UNLOCK_COUNTER_START,
  VIAL,
  vialRequest,
  type UnlockStatus,
  type VialKeyboardId,
} from '../protocol/vial.ts';

/** Compressed definition bytes Keyloom reads at most (real ones are a few kB; 64 KiB is 2048 requests). */
export const MAX_VIAL_DEFINITION_BYTES = 64 * 1024;
/** Decompressed JSON Keyloom accepts at most: a larger one is refused, not decoded on (an "xz bomb"). */
export const MAX_VIAL_JSON_BYTES = 2 * 1024 * 1024;
/** A Vial board speaks VIA protocol 9 (vial-qmk's via.h): only those are asked the Vial question. */
export const VIAL_VIA_PROTOCOL = 9;

/** A Vial definition that cannot be used, with a message for the Errors page and the connection doctor. */
export class VialDefinitionError extends Error {}

/**
 * Asks the Vial "get keyboard id" question: the keyboard's Vial protocol, UID and VialRGB flag, or null for a
 * keyboard that is not a Vial one (a VIA keyboard answers 0xFF) or does not answer it.
 */
export async function identifyVial(client: ViaClient): Promise<VialKeyboardId | null> {
  try {
    const reply = await client.requestRaw(vialRequest(VIAL.GET_KEYBOARD_ID), () => true, 2);
    return isVialKeyboardIdReply(reply) ? readKeyboardId(reply) : null;
  } catch {
    return null;
  }
}

/**
 * Reads the compressed definition: its size, then every 32-byte block once, in order (size + ⌈size/32⌉
 * requests, the fewest the protocol allows). `onProgress` gets the bytes read so far.
 */
export async function readVialDefinitionBytes(
  client: ViaClient,
  onProgress?: (read: number, size: number) => void,
): Promise<Uint8Array> {
  const size = readDefinitionSize(await client.requestRaw(vialRequest(VIAL.GET_SIZE)));
  if (size === 0) throw new VialDefinitionError('The keyboard reports an empty Vial definition (0 bytes).');
  if (size > MAX_VIAL_DEFINITION_BYTES)
    throw new VialDefinitionError(
      `The keyboard reports a Vial definition of ${size} bytes; Keyloom reads at most ${MAX_VIAL_DEFINITION_BYTES}.`,
    );
  const bytes = new Uint8Array(size);
  for (let block = 0; block < definitionBlocks(size); block++) {
    const reply = await client.requestRaw(definitionBlockRequest(block));
    const start = block * DEFINITION_BLOCK;
    bytes.set(reply.subarray(0, Math.min(DEFINITION_BLOCK, size - start)), start);
    onProgress?.(Math.min(start + DEFINITION_BLOCK, size), size);
  }
  return bytes;
}

interface XzModule {
  XzReadableStream: new (stream: ReadableStream<Uint8Array>) => ReadableStream<Uint8Array>;
}

/**
 * Decompresses an .xz file with xz-decompress (xz-embedded in WebAssembly), loaded only when a Vial keyboard
 * is read. Stops and refuses past `limit` bytes of output.
 */
export async function decompressXz(bytes: Uint8Array, limit = MAX_VIAL_JSON_BYTES): Promise<Uint8Array> {
  const module = (await import('xz-decompress')) as unknown as XzModule & { default?: XzModule };
  const Xz = module.XzReadableStream ?? module.default!.XzReadableStream;
  const reader = new Xz(new Blob([new Uint8Array(bytes)]).stream()).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        throw new VialDefinitionError(`The Vial definition unpacks to more than ${limit} bytes.`);
      }
      parts.push(value);
    }
  } catch (error) {
    if (error instanceof VialDefinitionError) throw error;
    throw new VialDefinitionError(
      `The Vial definition could not be decompressed (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The keyboard's definition, from its firmware: read, decompressed, parsed, turned into VIA's form
 * (`vialToViaSource`) and compiled like any definition file. Throws VialDefinitionError saying what is wrong.
 */
export async function loadVialDefinition(
  client: ViaClient,
  ids: { vendorId: number; productId: number; productName: string },
): Promise<{ definition: ServedDefinition; version: DefinitionVersion }> {
  const compressed = await readVialDefinitionBytes(client);
  const text = await decompressXz(compressed);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(text));
  } catch {
    throw new VialDefinitionError('The Vial definition is not valid JSON.');
  }
  const { vialToViaSource } = await import('../definitions/vialDefinition.ts');
  const source = vialToViaSource(json, ids);
  if (!source.ok) throw new VialDefinitionError(`The Vial definition is invalid: ${source.message}.`);
  const compiled = (await loadCompiler()).compileSourceDefinition(source.value, source.version);
  if (!compiled.ok) throw new VialDefinitionError(`The Vial definition is invalid: ${compiled.message}.`);
  return { definition: compiled.value.definition, version: source.version };
}

// ---- The security lock (docs/vial-protocol.md "Unlock") ----

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
