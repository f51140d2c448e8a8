import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import type { LayerState } from '../formats/layerOps.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import { probeKeychron } from '../protocol/keychron/keychronProbe.ts';
import { keychronKnowsValue } from '../qmk/keychronKnowsValue.ts';
import { loadKeyboard, type KeyboardState } from '../services/keyboardLoader.ts';
import { viaCapabilities, type DeviceCapabilities } from './deviceCapabilities.ts';
import type { ConnectedDevice, FamilyLoadOptions, FamilySession } from './deviceFamily.ts';

/** Where a keyboard's definition comes from: served or stored (VIA), or read from the keyboard (Vial). */
export type DefinitionSource = (
  device: ConnectedDevice,
) => Promise<{ definition: ServedDefinition; version: DefinitionVersion }>;

/** What a family that speaks VIA adds to VIA's load (Vial: its keycode numbering, encoders, its facts). */
export interface ViaSessionOptions {
  /** The VIA protocol whose keycode numbering the keyboard uses, when not the one it reports. */
  keycodeProtocol?: number;
  /** Encoders are read whatever the VIA protocol (the family's commands have an encoder request of their own). */
  encoders?: boolean;
  /** Added to the loaded keyboard as they are (`KeyboardState.vial`). */
  extra?: Pick<KeyboardState, 'vial'>;
  /** What a loaded keyboard offers, when it is more than VIA says (`viaCapabilities`). */
  capabilities?: (keyboard: KeyboardState) => DeviceCapabilities;
}

/**
 * A keyboard driven through VIA's commands (VIA and Vial families): loaded in the spec's order
 * (services/keyboardLoader.ts), keys and encoders written one request each, whole layers as the fewest chunks.
 */
export class ViaSession implements FamilySession {
  constructor(
    readonly commands: ViaCommands,
    private readonly definitionOf: DefinitionSource,
    private readonly options: ViaSessionOptions = {},
  ) {}

  async load({ device, superseded, warn }: FamilyLoadOptions): Promise<KeyboardState> {
    // A load another selection has superseded stops before its next request, not after its last.
    const commands = this.commands.withClient(this.commands.client.guarded(superseded));
    const { definition, version } = await this.definitionOf(device);
    const { keycodeProtocol, encoders, extra } = this.options;
    const keychronProtocol = await probeKeychron(commands.client);
    const keyboard = await loadKeyboard(commands, definition, version, {
      warn,
      ...(keycodeProtocol !== undefined ? { keycodeProtocol } : {}),
      ...(encoders !== undefined ? { encoders } : {}),
      ...(keychronProtocol !== null
        ? { skipValue: (c: number, v: number) => !keychronKnowsValue(c, v) }
        : {}),
    });
    // A Keychron board (it answered 0xA0): its features are read by code that loads only then.
    const keychron =
      keychronProtocol === null
        ? {}
        : await import('../services/keychronOf.ts').then((m) =>
            m.keychronOf(commands.client, keychronProtocol, warn),
          );
    return { ...keyboard, ...extra, ...keychron };
  }

  setKey(layer: number, row: number, col: number, code: number): Promise<void> {
    return this.commands.setKey(layer, row, col, code);
  }

  setEncoder(layer: number, encoder: number, cw: boolean, code: number): Promise<void> {
    return this.commands.setEncoder(layer, encoder, cw, code);
  }

  capabilities(keyboard: KeyboardState): DeviceCapabilities {
    return (this.options.capabilities ?? viaCapabilities)(keyboard);
  }

  async writeLayers(current: KeyboardState, next: LayerState): Promise<void> {
    // Layer planning loads with the first layer operation or layout load; the first screen does without it.
    const { planLayerWrites } = await import('../formats/layerOps.ts');
    const plan = planLayerWrites(current, next);
    for (const { offset, bytes } of plan.chunks) await this.commands.writeKeymapBuffer(offset, bytes);
    for (const e of plan.encoders) await this.commands.setEncoder(e.layer, e.encoder, e.clockwise, e.code);
  }
}
