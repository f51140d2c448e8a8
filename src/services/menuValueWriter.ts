import type { Timers } from '../lib/timers.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import { LEGACY_LIGHTING_CHANNEL } from '../qmk/protocolVersions.ts';

/** Saves to EEPROM this long after the last change of a channel, so dragging a slider writes EEPROM once. */
export const SAVE_DEBOUNCE_MS = 500;

/**
 * Sets custom-menu values on the keyboard at once (the effect is live) and saves each channel to EEPROM once
 * the user pauses — VIA saves after every change, wearing EEPROM on every slider step.
 */
export class MenuValueWriter {
  private readonly pending = new Map<number, unknown>();

  constructor(
    private readonly commands: () => ViaCommands | null,
    private readonly timers: Timers,
    private readonly onError: (error: unknown) => void,
  ) {}

  async set(
    channel: number,
    valueId: number,
    args: readonly number[],
    bytes: readonly number[],
  ): Promise<void> {
    const commands = this.commands();
    if (!commands) return;
    // Protocol ≤ 10 lighting values have no channel byte and one save for everything.
    if (channel === LEGACY_LIGHTING_CHANNEL) await commands.setLightingValue(valueId, [...args, ...bytes]);
    else await commands.setCustomValue(channel, valueId, [...args, ...bytes]);
    const previous = this.pending.get(channel);
    if (previous !== undefined) this.timers.clearTimeout(previous);
    this.pending.set(
      channel,
      this.timers.setTimeout(() => {
        this.pending.delete(channel);
        const current = this.commands();
        const save =
          channel === LEGACY_LIGHTING_CHANNEL ? current?.saveLighting() : current?.saveCustomValues(channel);
        save?.catch(this.onError);
      }, SAVE_DEBOUNCE_MS),
    );
  }
}
