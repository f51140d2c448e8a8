import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import type { ViaClient } from '../protocol/viaClient.ts';
import {
  DEFINITION_BLOCK,
  definitionBlockRequest,
  definitionBlocks,
  readDefinitionSize,
  VIAL,
  vialRequest,
} from '../protocol/vial.ts';

/** Compressed definition bytes Keyloom reads at most (real ones are a few kB; 64 KiB is 2048 requests). */
export const MAX_VIAL_DEFINITION_BYTES = 64 * 1024;
/** Decompressed JSON Keyloom accepts at most: a larger one is refused, not decoded on (an "xz bomb"). */
export const MAX_VIAL_JSON_BYTES = 2 * 1024 * 1024;
/** A Vial definition that cannot be used, with a message for the Errors page and the connection doctor. */
export class VialDefinitionError extends Error {
  // services/vialKeyboard.ts VIAL_DEFINITION_ERROR: how the device store knows it without loading this module.
  override name = 'VialDefinitionError';
}

/*
 * Reading a Vial keyboard's own definition (docs/vial-protocol.md "The definition in the firmware"): loaded only
 * when a Vial keyboard is selected, so the first screen does not carry it.
 */

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
export async function decompressXz(
  bytes: Uint8Array,
  limit = MAX_VIAL_JSON_BYTES,
  decoder: Promise<unknown> = import('xz-decompress'),
): Promise<Uint8Array> {
  const module = (await decoder) as XzModule & { default?: XzModule };
  const Xz = module.XzReadableStream ?? module.default!.XzReadableStream;
  // The bytes go in as a stream of one chunk made here: a Blob's stream is read through the browser process
  // (a round trip per read), which on a busy machine took as long as the decoding itself (issue 43).
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
  const reader = new Xz(input).getReader();
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
  // The code the steps after the read need loads while the keyboard is read (over a hundred round trips),
  // not one module after another once it is done.
  const decoder = import('xz-decompress');
  const converter = import('../definitions/vialDefinition.ts');
  // Only the compiler's steps: the schema check of the definition's version loads once that is known.
  const compiler = import('../definitions/compileSource.ts');
  for (const code of [decoder, converter, compiler]) code.catch(() => undefined);
  const compressed = await readVialDefinitionBytes(client);
  const text = await decompressXz(compressed, MAX_VIAL_JSON_BYTES, decoder);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(text));
  } catch {
    throw new VialDefinitionError('The Vial definition is not valid JSON.');
  }
  const { vialToViaSource } = await converter;
  const source = vialToViaSource(json, ids);
  if (!source.ok) throw new VialDefinitionError(`The Vial definition is invalid: ${source.message}.`);
  const compiled = await (await compiler).compileSourceOfVersion(source.value, source.version);
  if (!compiled.ok) throw new VialDefinitionError(`The Vial definition is invalid: ${compiled.message}.`);
  return { definition: compiled.value.definition, version: source.version };
}
