import type { StoreApi } from 'zustand/vanilla';
import { rangeBytes, rangeControls, type MenuControl, type MenuPane } from '../definitions/menus.ts';
import { menuAddress } from '../definitions/menuValues.ts';
import { constrainDependents, constrainRange } from '../definitions/rangeConstraints.ts';
import { realTimers } from '../lib/timers.ts';
import { DFU_REDIRECT_MS, isDfuCommand } from '../definitions/vendorMenus.ts';
import { MenuValueWriter } from '../services/menuValueWriter.ts';
import { keychronKnowsValue } from '../qmk/keychronKnowsValue.ts';
import type { DeviceState } from './deviceStore.ts';

/**
 * What a change in a lighting or custom-menu pane does: range constraints applied, the new values shown at once
 * and written (saved once the user pauses). The panes only dispatch the change. It loads with the first menu
 * pane (ui/configure/lazyPanes.ts), not with the first screen, which only lists the panes.
 */
export class MenuChanges {
  private readonly writer: MenuValueWriter;

  constructor(
    private readonly devices: StoreApi<DeviceState>,
    private readonly report: (error: unknown) => void,
    /** Shows the Boot screen (the page's route), after a 'Connect to DFU' change. */
    private readonly showBoot: () => void,
  ) {
    this.writer = new MenuValueWriter(() => devices.getState().commands(), realTimers, report);
  }

  /** A value the keyboard's firmware must not be sent (a Keychron board's channel 3 past its mask). */
  private unsendable(control: { channel: number; valueId: number }): boolean {
    const keyboard = this.devices.getState().keyboard;
    return (
      (keyboard?.keychron ?? keyboard?.keychronUnread) !== undefined &&
      !keychronKnowsValue(control.channel, control.valueId)
    );
  }

  /** A v2 Lighting control changed (values kept by value id). */
  lighting(control: MenuControl, bytes: number[]): void {
    const keyboard = this.devices.getState().keyboard;
    if (!keyboard || this.unsendable(control)) return;
    this.devices
      .getState()
      .patchKeyboard({ values: { ...keyboard.values, [String(control.valueId)]: bytes } });
    this.writer.set(control.channel, control.valueId, control.args, bytes).catch(this.report);
  }

  /**
   * A v3 menu control changed: a range is clamped, or the values it depends on are pushed along (#17.3);
   * 'Connect to DFU' restarts the 2.4G receiver into its bootloader, and the Boot screen flashes it.
   */
  menu(
    menus: readonly unknown[],
    panes: readonly MenuPane[],
    control: MenuControl,
    requested: number[],
  ): void {
    const keyboard = this.devices.getState().keyboard;
    if (!keyboard || this.unsendable(control)) return;
    const ranges = rangeControls(menus);
    const rangeValue = (key: string) => {
      const range = ranges.get(key);
      const bytes = range && keyboard.values[menuAddress(range)];
      if (!range || !bytes) return undefined;
      return range.limits[1] > 255 ? ((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0) : (bytes[0] ?? 0);
    };
    // Ranges whose constraints refer to others, so a constraint works in both directions.
    const dependents = panes
      .flatMap((p) => p.submenus.flatMap((s) => s.controls))
      .filter((c) => c.type === 'range' && (c.constraints?.length ?? 0) > 0)
      .map((c) => ({ key: c.key, constraints: c.constraints! }));
    let bytes = requested;
    const pushed: (MenuControl | { channel: number; valueId: number; args: number[] })[] = [];
    const pushedBytes: number[][] = [];
    const range = ranges.get(control.key);
    if (control.type === 'range' && range) {
      const max = range.limits[1];
      const value = max > 255 ? ((requested[0] ?? 0) << 8) | (requested[1] ?? 0) : (requested[0] ?? 0);
      const limitsOf = (k: string) => ranges.get(k)?.limits;
      const forward = constrainRange(value, control.constraints ?? [], rangeValue, limitsOf);
      const reverse = constrainDependents(control.key, forward.value, dependents, rangeValue, limitsOf);
      bytes = rangeBytes(reverse.value, max);
      for (const p of [...forward.pushes, ...reverse.pushes]) {
        const target = ranges.get(p.key);
        if (!target) continue;
        pushed.push(target);
        pushedBytes.push(rangeBytes(p.value, target.limits[1]));
      }
    }
    const values = { ...keyboard.values, [menuAddress(control)]: bytes };
    pushed.forEach((p, i) => (values[menuAddress(p)] = pushedBytes[i]!));
    this.devices.getState().patchKeyboard({ values });
    this.writer.set(control.channel, control.valueId, control.args, bytes).catch(this.report);
    pushed.forEach((p, i) =>
      this.unsendable(p)
        ? undefined
        : this.writer.set(p.channel, p.valueId, p.args, pushedBytes[i]!).catch(this.report),
    );
    if (isDfuCommand(control.channel, control.valueId, bytes)) setTimeout(this.showBoot, DFU_REDIRECT_MS);
  }
}
