import { chunks, hi, lo, u16, u32, u32Bytes } from './bytes.ts';
import { CMD, KEYBOARD_VALUE, MAX_CHUNK } from './commands.ts';
import { PROTOCOL } from '../qmk/protocolVersions.ts';
import { MACROS_DISABLED, MAX_DATA_LENGTH, ViaError } from './errors.ts';
import type { ViaClient } from './viaClient.ts';

/** Offset of keycode (layer,row,col) in the dynamic keymap buffer: layer-major, 2 bytes each. */
export function keymapOffset(layer: number, row: number, col: number, rows: number, cols: number): number {
  return ((layer * rows + row) * cols + col) * 2;
}

/**
 * Every VIA command as a typed call (via-protocol.md §1–§3, core.md §7). Byte layouts live here and nowhere
 * else; services compose these into loads and saves. `protocol` picks the per-version forms.
 */
export class ViaCommands {
  /** The Vial protocol of a Vial keyboard (its commands are `VialCommands`, protocol/vialCommands.ts), else null. */
  readonly vialProtocol: number | null = null;

  constructor(
    readonly client: ViaClient,
    readonly protocol: number,
  ) {}

  /** The same commands over another client (a load's guarded one). */
  withClient(client: ViaClient): ViaCommands {
    return new ViaCommands(client, this.protocol);
  }

  /** Reads the protocol version; failures and replies of 0xFFFF give -1 ("invalid device"). */
  static async readProtocolVersion(client: ViaClient): Promise<number> {
    try {
      const reply = await client.request(CMD.GET_PROTOCOL_VERSION);
      const version = u16(reply, 1);
      return version === 0xffff ? -1 : version;
    } catch {
      return -1;
    }
  }

  async layerCount(): Promise<number> {
    return (await this.client.request(CMD.GET_LAYER_COUNT))[1]!;
  }

  /** GET_KEYBOARD_VALUE: the bytes after the echoed id and args. */
  async keyboardValue(id: number, args: readonly number[] = []): Promise<Uint8Array> {
    const reply = await this.client.request(CMD.GET_KEYBOARD_VALUE, [id, ...args]);
    return reply.slice(2 + args.length);
  }

  async setKeyboardValue(id: number, data: readonly number[]): Promise<void> {
    await this.client.request(CMD.SET_KEYBOARD_VALUE, [id, ...data]);
  }

  async uptime(): Promise<number> {
    return u32(await this.keyboardValue(KEYBOARD_VALUE.UPTIME), 0);
  }

  async firmwareVersion(): Promise<number> {
    return u32(await this.keyboardValue(KEYBOARD_VALUE.FIRMWARE_VERSION), 0);
  }

  async layoutOptions(): Promise<number> {
    return u32(await this.keyboardValue(KEYBOARD_VALUE.LAYOUT_OPTIONS), 0);
  }

  async setLayoutOptions(value: number): Promise<void> {
    await this.setKeyboardValue(KEYBOARD_VALUE.LAYOUT_OPTIONS, u32Bytes(value));
  }

  async deviceIndication(step: number): Promise<void> {
    await this.setKeyboardValue(KEYBOARD_VALUE.DEVICE_INDICATION, [step]);
  }

  async key(layer: number, row: number, col: number): Promise<number> {
    return u16(await this.client.request(CMD.DYNAMIC_KEYMAP_GET_KEYCODE, [layer, row, col]), 4);
  }

  async setKey(layer: number, row: number, col: number, keycode: number): Promise<void> {
    await this.client.request(CMD.DYNAMIC_KEYMAP_SET_KEYCODE, [layer, row, col, hi(keycode), lo(keycode)]);
  }

  async readKeymapBuffer(offset: number, size: number): Promise<Uint8Array> {
    if (size > MAX_CHUNK) throw new ViaError(MAX_DATA_LENGTH);
    const reply = await this.client.request(CMD.DYNAMIC_KEYMAP_GET_BUFFER, [hi(offset), lo(offset), size]);
    return reply.slice(4, 4 + size);
  }

  async writeKeymapBuffer(offset: number, data: ArrayLike<number>): Promise<void> {
    if (data.length > MAX_CHUNK) throw new ViaError(MAX_DATA_LENGTH);
    await this.client.request(CMD.DYNAMIC_KEYMAP_SET_BUFFER, [
      hi(offset),
      lo(offset),
      data.length,
      ...Array.from(data),
    ]);
  }

  /**
   * Reads `layers` full layers: the whole buffer in 28-byte chunks across layer boundaries (the fewest
   * requests possible) on protocol ≥ 8, or key by key on older firmware.
   */
  async readKeymap(layers: number, rows: number, cols: number): Promise<number[][]> {
    const keys = rows * cols;
    const codes: number[] = [];
    if (this.protocol < PROTOCOL.LAYER_COUNT_AND_BUFFERS) {
      for (let layer = 0; layer < layers; layer++) {
        for (let i = 0; i < keys; i++) codes.push(await this.key(layer, Math.floor(i / cols), i % cols));
      }
    } else {
      for (const [offset, size] of chunks(0, layers * keys * 2, MAX_CHUNK)) {
        const bytes = await this.readKeymapBuffer(offset, size);
        for (let i = 0; i < size; i += 2) codes.push(u16(bytes, i));
      }
    }
    return Array.from({ length: layers }, (_, layer) => codes.slice(layer * keys, (layer + 1) * keys));
  }

  async encoder(layer: number, index: number, clockwise: boolean): Promise<number> {
    return u16(
      await this.client.request(CMD.DYNAMIC_KEYMAP_GET_ENCODER, [layer, index, clockwise ? 1 : 0]),
      4,
    );
  }

  /** Both directions of an encoder, [clockwise, counter-clockwise] (two VIA requests; one on Vial). */
  async encoderPair(layer: number, index: number): Promise<[number, number]> {
    return [await this.encoder(layer, index, true), await this.encoder(layer, index, false)];
  }

  async setEncoder(layer: number, index: number, clockwise: boolean, keycode: number): Promise<void> {
    await this.client.request(CMD.DYNAMIC_KEYMAP_SET_ENCODER, [
      layer,
      index,
      clockwise ? 1 : 0,
      hi(keycode),
      lo(keycode),
    ]);
  }

  async macroCount(): Promise<number> {
    return (await this.client.request(CMD.MACRO_GET_COUNT))[1]!;
  }

  async macroBufferSize(): Promise<number> {
    return u16(await this.client.request(CMD.MACRO_GET_BUFFER_SIZE), 1);
  }

  async readMacroBuffer(offset: number, size: number): Promise<Uint8Array> {
    if (size > MAX_CHUNK) throw new ViaError(MAX_DATA_LENGTH);
    return (await this.client.request(CMD.MACRO_GET_BUFFER, [hi(offset), lo(offset), size])).slice(
      4,
      4 + size,
    );
  }

  async writeMacroBuffer(offset: number, data: ArrayLike<number>): Promise<void> {
    if (data.length > MAX_CHUNK) throw new ViaError(MAX_DATA_LENGTH);
    await this.client.request(CMD.MACRO_SET_BUFFER, [
      hi(offset),
      lo(offset),
      data.length,
      ...Array.from(data),
    ]);
  }

  async resetMacros(): Promise<void> {
    await this.client.request(CMD.MACRO_RESET);
  }

  /**
   * Reads macro bytes only as far as the macros reach: stops once `count` terminators are seen, instead of
   * reading the whole buffer. Throws 'Macros are disabled' when count is 0.
   */
  async readMacroBytes(count: number, bufferSize: number): Promise<Uint8Array> {
    if (count === 0) throw new ViaError(MACROS_DISABLED);
    const out: number[] = [];
    let terminators = 0;
    for (const [offset, size] of chunks(0, bufferSize, MAX_CHUNK)) {
      for (const byte of await this.readMacroBuffer(offset, size)) {
        out.push(byte);
        if (byte === 0 && ++terminators === count) return Uint8Array.from(out);
      }
    }
    return Uint8Array.from(out);
  }

  /** Custom menu get (protocol ≥ 11): the value bytes after the echoed [channel, valueId, ...args]. */
  async customValue(channel: number, valueId: number, args: readonly number[] = []): Promise<Uint8Array> {
    const reply = await this.client.request(CMD.CUSTOM_GET_VALUE, [channel, valueId, ...args]);
    return reply.slice(3 + args.length);
  }

  async setCustomValue(channel: number, valueId: number, data: readonly number[]): Promise<void> {
    await this.client.request(CMD.CUSTOM_SET_VALUE, [channel, valueId, ...data]);
  }

  async saveCustomValues(channel: number): Promise<void> {
    await this.client.request(CMD.CUSTOM_SAVE, [channel]);
  }

  /** Legacy lighting get (protocol ≤ 10, no channel byte): the data after [valueId, ...args]. */
  async lightingValue(valueId: number, args: readonly number[] = []): Promise<Uint8Array> {
    return (await this.client.request(CMD.CUSTOM_GET_VALUE, [valueId, ...args])).slice(2 + args.length);
  }

  async setLightingValue(valueId: number, data: readonly number[]): Promise<void> {
    await this.client.request(CMD.CUSTOM_SET_VALUE, [valueId, ...data]);
  }

  async saveLighting(): Promise<void> {
    await this.client.request(CMD.CUSTOM_SAVE);
  }

  async eepromReset(): Promise<void> {
    await this.client.request(CMD.EEPROM_RESET);
  }

  async jumpToBootloader(): Promise<void> {
    await this.client.request(CMD.BOOTLOADER_JUMP);
  }
}
