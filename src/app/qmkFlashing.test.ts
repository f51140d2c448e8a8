import { describe, expect, it } from 'vitest';
import { demoDefinition, memoryFetch, servedFiles } from '../../tests/support/servedDefinitions.ts';
import { settingsOfFileText } from '../formats/layoutSettings.ts';
import { createErrorStore } from '../state/errorStore.ts';
import { createCommandStore } from '../state/commands.ts';
import { createDeviceJobs } from '../state/deviceJobs.ts';
import type { FlashStage, QmkFlashState } from '../state/qmkFlashState.ts';
import { memoryStorage } from '../state/storage.ts';
import { checkLayoutForKeyboard, layoutLeavingUnknown } from '../services/layoutLoad.ts';
import { configFromDefinition } from '../virtual-keyboard/index.ts';
import type { BootloaderFaults } from '../virtual-keyboard/bootloaders/VirtualFlash.ts';
import { DeviceRuntime } from './DeviceRuntime.ts';

const BASE = 'http://app/';
const LUMEN = demoDefinition('lumen65.json');

/** The Lumen 65 demo (v2: a layout option, backlight/underglow values) as a QMK board with a bootloader. */
async function lumenWith(
  target: string,
  extra: { faults?: BootloaderFaults; bootloaderJump?: boolean } = {},
) {
  const storage = memoryStorage({ 'keyloom-virtual-keyboards': '[]' });
  const app = new DeviceRuntime(storage, createErrorStore(), BASE, {
    fetch: memoryFetch(servedFiles([LUMEN]), BASE),
  });
  const config = configFromDefinition(LUMEN.definition, { protocol: 9 });
  await app.plugVirtual(
    {
      ...config,
      qmkBootloader: target,
      ...(extra.faults && { qmkFaults: extra.faults }),
      ...(extra.bootloaderJump === false && { bootloaderJump: false }),
    },
    'qmk-test',
  );
  const flash = await app.qmkFlash.load();
  return { app, flash };
}

/** Resolves once the flow reaches a stage of `kind` (or fails the test after 10 s). */
function stage<K extends FlashStage['kind']>(
  flash: { getState(): QmkFlashState; subscribe(l: (s: QmkFlashState) => void): () => void },
  kind: K,
): Promise<Extract<FlashStage, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const check = (s: QmkFlashState) => {
      if (s.stage.kind !== kind) return false;
      unsubscribe();
      clearTimeout(timer);
      resolve(s.stage as Extract<FlashStage, { kind: K }>);
      return true;
    };
    const unsubscribe = flash.subscribe(check);
    const timer = setTimeout(
      () => reject(new Error(`no ${kind}: ${JSON.stringify(flash.getState().stage)}`)),
      10_000,
    );
    check(flash.getState());
  });
}

async function prepare(app: DeviceRuntime, flash: Awaited<ReturnType<typeof lumenWith>>['flash']) {
  const commands = app.store.getState().commands()!;
  // What the owner set: a key, the split backspace, the backlight brightness.
  await commands.setKey(0, 0, 1, 0x1b);
  await commands.setLayoutOptions(1);
  await commands.setLightingValue(0x09, [77]);
  await app.store.getState().select(app.store.getState().selectedPath!);
  flash.getState().openFor();
  await flash.getState().useDemoFirmware();
  // Not a split board (the dialog asks on bootloaders that can write EE_HANDS).
  flash.getState().chooseHand(null);
}

describe('QMK flashing, end to end on a virtual board', () => {
  it('backs up, jumps, flashes and verifies, finds the keyboard again, and the backup puts it back', async () => {
    const { app, flash } = await lumenWith('atmega32u4-caterina');
    await prepare(app, flash);
    expect(flash.getState()).toMatchObject({
      targetId: 'atmega32u4-caterina',
      file: { format: 'hex', bytes: 27_874 },
    });
    void flash.getState().start();
    const done = await stage(flash, 'done');
    expect(done.outcome).toEqual({ written: 27_874, verified: 27_874 });
    expect(done.back).toBe(true);
    // The new firmware came back with its defaults: the backup differs in the key, the option and the value.
    expect(done.comparison).toMatchObject({ kind: 'compared', keys: 1, settings: 2, notes: [] });
    expect(flash.getState().backup?.file.settings).toMatchObject({ layoutOptions: 1 });

    flash.getState().askRestore();
    const keyboard = app.store.getState().keyboard!;
    const request = flash.getState().takeRestore(keyboard.definition.vendorProductId)!;
    expect(flash.getState().takeRestore(keyboard.definition.vendorProductId)).toBeNull();
    // Save + Load's path: check, leave unknown names, then the layout-load job (keymap, Vial part, settings).
    const checked = checkLayoutForKeyboard(keyboard, request.text, request.fileName);
    if (!checked.ok) throw new Error(checked.message);
    const parsed = layoutLeavingUnknown(keyboard, checked.value);
    if (!parsed.ok) throw new Error(parsed.message);
    const settings = settingsOfFileText(request.text);
    if (!settings.ok) throw new Error(settings.message);
    const jobs = createDeviceJobs(app, {
      commands: createCommandStore(app.store),
      errors: createErrorStore(),
      storage: memoryStorage(),
    });
    expect(await jobs.getState().loadLayout(parsed.value, null, settings.value)).toEqual({
      outcome: 'written',
      vialNotes: [],
    });
    const commands = app.store.getState().commands()!;
    expect(await commands.key(0, 0, 1)).toBe(0x1b);
    expect(await commands.layoutOptions()).toBe(1);
    expect([...(await commands.lightingValue(0x09))][0]).toBe(77);
  });

  it('a stalled write ends with its reason, the board stays in its bootloader, and flashes again', async () => {
    const { app, flash } = await lumenWith('atmega32u4-atmel-dfu', { faults: { stallAt: 6 } });
    await prepare(app, flash);
    void flash.getState().start();
    const failed = await stage(flash, 'failed');
    expect(failed).toMatchObject({
      problem: { code: 'flash.stalled', values: { step: { code: 'flashStep.write', values: {} } } },
      keyboardState: 'incomplete',
    });
    void flash.getState().flashAgain();
    expect((await stage(flash, 'done')).outcome.verified).toBe(27_874);
  });

  it('cancel stops between blocks: the board stays in its bootloader, and the same file flashes after', async () => {
    const { app, flash } = await lumenWith('atmega32u4-atmel-dfu');
    await prepare(app, flash);
    const unsubscribe = flash.subscribe((s) => {
      if (s.stage.kind === 'flashing' && s.stage.progress?.phase === 'write' && s.stage.progress.done > 0) {
        unsubscribe();
        s.cancel();
      }
    });
    void flash.getState().start();
    expect(await stage(flash, 'failed')).toMatchObject({
      problem: { code: 'flash.cancelled' },
      keyboardState: 'incomplete',
    });
    void flash.getState().flashAgain();
    expect((await stage(flash, 'done')).outcome.verified).toBe(27_874);
  });

  it('a firmware without the jump asks for the reset by hand; cancelling leaves the keyboard untouched', async () => {
    const { app, flash } = await lumenWith('stm32f411-dfu', { bootloaderJump: false });
    await prepare(app, flash);
    expect(flash.getState().file).toMatchObject({ format: 'bin', bytes: 61_732 });
    void flash.getState().start();
    expect(await stage(flash, 'waiting')).toMatchObject({ jumped: false });
    flash.getState().cancel();
    expect(await stage(flash, 'cancelled')).toEqual({ kind: 'cancelled', restarted: false });
    expect(app.store.getState().phase).toBe('ready');
  });

  it('names the bootloader that came up instead of the chosen one, and flashes with it when asked', async () => {
    const { app, flash } = await lumenWith('atmega32u4-caterina');
    await prepare(app, flash);
    flash.getState().chooseTarget('atmega32u4-atmel-dfu');
    flash.getState().chooseHand('left');
    void flash.getState().start();
    expect(await stage(flash, 'otherBootloader')).toEqual({
      kind: 'otherBootloader',
      found: 'atmega32u4-caterina',
    });
    void flash.getState().switchBootloader();
    expect(await stage(flash, 'done')).toMatchObject({ outcome: { verified: 27_874 }, hand: 'left' });
    expect(flash.getState()).toMatchObject({ targetId: 'atmega32u4-caterina' });
    expect(app.store.getState().phase).toBe('ready');
  });

  it('cancelled at the wrong bootloader: says cancelled, and the virtual board comes back', async () => {
    const { app, flash } = await lumenWith('atmega32u4-caterina');
    await prepare(app, flash);
    const path = app.store.getState().selectedPath;
    flash.getState().chooseTarget('atmega32u4-atmel-dfu');
    flash.getState().chooseHand(null);
    void flash.getState().start();
    await stage(flash, 'otherBootloader');
    flash.getState().cancel();
    expect(await stage(flash, 'cancelled')).toEqual({ kind: 'cancelled', restarted: true });
    await new Promise<void>((resolve) => {
      const done = () => app.store.getState().phase === 'ready' && app.store.getState().selectedPath !== path;
      if (done()) return resolve();
      const stop = app.store.subscribe(() => done() && (stop(), resolve()));
    });
    expect(app.store.getState().keyboard).not.toBeNull();
  });

  it('another keyboard’s real build is flashed only once the user says so', async () => {
    const { app, flash } = await lumenWith('atmega32u4-caterina');
    await prepare(app, flash);
    const { readFileSync } = await import('node:fs');
    const hex = new Uint8Array(
      readFileSync(
        new URL('../../tests/fixtures/qmk-firmware/handwired_onekey_promicro_default.hex', import.meta.url),
      ),
    );
    flash.getState().chooseFile('onekey.hex', hex);
    expect(flash.getState().file).toMatchObject({
      format: 'hex',
      warning: { code: 'flash.otherKeyboard', values: { ids: 'FEED:6465', names: 'Onekey Pro Micro' } },
    });
    await flash.getState().start();
    expect(flash.getState().stage).toEqual({ kind: 'setup' });
    void flash.getState().start(true);
    expect((await stage(flash, 'done')).outcome.verified).toBe(16_860);
    expect(app.store.getState().phase).toBe('ready');
  });

  it('a file for another chip is refused before anything happens', async () => {
    const { app, flash } = await lumenWith('atmega32u4-caterina');
    await prepare(app, flash);
    flash.getState().chooseTarget('rp2040-uf2');
    expect(flash.getState().file).toMatchObject({ format: null, problem: { code: 'flash.otherChip' } });
    await flash.getState().start();
    expect(flash.getState().stage).toEqual({ kind: 'setup' });
    expect(app.store.getState().phase).toBe('ready');
  });
});
