import { expect, type Page } from '@playwright/test';
import { onZmk as onZmkKeyboard } from './zmkVirtual.ts';

// The virtual ZMK keyboard (`?virtual=zmk-demo`) as the ZMK specs reach it: the page's keys and the firmware
// behind its virtual serial port.

export interface VirtualZmk {
  firmware: {
    keymap: {
      binding(
        layerId: number,
        position: number,
      ): { behaviorId: number; param1: number; param2: number } | null;
      layerIds(): number[];
      layerName(id: number): string;
    };
    locked: boolean;
  };
  faults: { dropReplies: number; splitEveryByte: boolean; garbage: Uint8Array | null };
}

/** Runs `body` on the virtual ZMK keyboard the page shows. */
export const onZmk = <A, R>(page: Page, body: (keyboard: VirtualZmk, arg: A) => R, arg: A) =>
  onZmkKeyboard<VirtualZmk, A, R>(page, body, arg);

export const keyOnKeyboard = (page: Page, layerId: number, position: number) =>
  onZmk(page, (k, [l, p]) => k.firmware.keymap.binding(l, p), [layerId, position] as const);

export const canvas = (page: Page) => page.getByTestId('keyboard-canvas');
export const key = (page: Page, position: number) => canvas(page).locator(`[data-key-index="${position}"]`);

/** Opens the ZMK demo, waits for the lock, presses the unlock key (as a person would on the board). */
export async function openUnlocked(page: Page) {
  await page.goto('/?virtual=zmk-demo#/');
  const lock = page.getByTestId('zmk-lock');
  await expect(lock).toContainText('The keyboard is locked');
  await lock.getByRole('button', { name: 'Press the unlock key (virtual keyboard)' }).click();
  await expect(lock).toBeHidden();
  await expect(canvas(page)).toBeVisible();
}
