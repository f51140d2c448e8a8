import type { ViaClient } from './viaClient.ts';
import { ViaCommands } from './viaCommands.ts';
import { getEncoderRequest, readEncoder, setEncoderRequest } from './vial.ts';

/**
 * A Vial keyboard's commands (docs/vial-protocol.md): VIA's, with encoders through Vial's own get/set encoder
 * (0xFE 03/04) whatever the VIA protocol. Loaded only when a keyboard answers Vial's "get keyboard id".
 */
export class VialCommands extends ViaCommands {
  override readonly vialProtocol: number;

  constructor(client: ViaClient, protocol: number, vialProtocol: number) {
    super(client, protocol);
    this.vialProtocol = vialProtocol;
  }

  override withClient(client: ViaClient): ViaCommands {
    return new VialCommands(client, this.protocol, this.vialProtocol);
  }

  override async encoder(layer: number, index: number, clockwise: boolean): Promise<number> {
    return (await this.encoderPair(layer, index))[clockwise ? 0 : 1];
  }

  /** Both directions in one request: counter-clockwise then clockwise in the reply. */
  override async encoderPair(layer: number, index: number): Promise<[number, number]> {
    const { ccw, cw } = readEncoder(await this.client.requestRaw(getEncoderRequest(layer, index)));
    return [cw, ccw];
  }

  override async setEncoder(
    layer: number,
    index: number,
    clockwise: boolean,
    keycode: number,
  ): Promise<void> {
    // Vial's set encoder has no reply to check: the firmware leaves the request as sent.
    const request = setEncoderRequest(layer, index, clockwise, keycode);
    await this.client.requestRaw(request, (reply) => request.every((b, i) => reply[i] === b));
  }
}
