import { probeProtocol, type ProbeResult } from '../protocol/protocolProbe.ts';
import { ViaClient, type ViaClientOptions } from '../protocol/viaClient.ts';
import type { ProvidedDevice } from '../transport/hidProvider.ts';

/**
 * One HID device on the VIA interface, as every family of the `hid` source sees it: its VIA client (one per
 * device: two would read each other's replies) and the answers families got from it. A device keeps its
 * protocol while connected (a restarted board is a new device): each refresh after a connect or disconnect
 * would otherwise cost every keyboard one more report.
 */
export class ViaConnection {
  readonly client: ViaClient;
  private probe: Promise<ProbeResult> | null = null;
  /** The protocol was read: kept until `recheck`. A failed read is kept only for one recognition. */
  private protocolKnown = false;
  private readonly answers = new Map<string, Promise<unknown>>();

  constructor(
    readonly provided: ProvidedDevice,
    options: ViaClientOptions,
  ) {
    this.client = new ViaClient(provided.device, options);
  }

  /**
   * The VIA protocol the device reports, or why it cannot be read: asked once, whichever family asks first. A
   * protocol read is kept until `recheck`; a failure only until the next recognition (`startRecognition`).
   */
  protocol(): Promise<ProbeResult> {
    return (this.probe ??= probeProtocol(this.client).then((result) => {
      this.protocolKnown = result.ok;
      return result;
    }));
  }

  /** A new recognition of the device: a protocol that could not be read is asked again (it may be starting up). */
  startRecognition(): void {
    if (!this.protocolKnown) this.probe = null;
  }

  /**
   * An answer kept for the device while it is connected (`key` names the question, e.g. 'vial'). A failed
   * answer is asked again the next time.
   */
  once<T>(key: string, ask: () => Promise<T>): Promise<T> {
    let answer = this.answers.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = ask();
      this.answers.set(key, answer);
      answer.catch(() => this.answers.get(key) === answer && this.answers.delete(key));
    }
    return answer;
  }

  /**
   * The connection doctor's "Check again": the protocol is asked again (a board may have been reflashed or have
   * stopped answering meanwhile).
   */
  recheck(): void {
    this.probe = null;
    this.protocolKnown = false;
  }

  dispose(): void {
    this.client.dispose();
  }
}
