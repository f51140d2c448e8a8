import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QMK_FIRMWARE_DIR } from '../../tests/fixtures/paths.ts';
import { buildUf2, UF2_FAMILY } from '../formats/uf2.ts';
import { dfuSuffixIds } from './dfuSuffix.ts';
import { identityProblem, keyboardWarning } from './firmwareCheck.ts';
import { findUsbIdentity, hasVectorTable, recogniseCode } from './firmwareIdentity.ts';
import { refusalText } from '../lib/refusal.ts';
import { FLASH_TARGETS, flashTarget } from '../bootloaders/flashTargets.ts';
import { readFirmwareFile } from './readFirmwareFile.ts';
import { looksLikeIntelHex } from './intelHex.ts';

/*
 * What a firmware image says about itself (issue 38.1, 39.8), read from real QMK builds
 * (tests/fixtures/qmk-firmware: handwired/onekey, USB ids FEED:6465) and from random bytes.
 */

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(QMK_FIRMWARE_DIR, name)));
const HEX = fixture('handwired_onekey_promicro_default.hex');
const BIN = fixture('handwired_onekey_blackpill_f411_default.bin');
const UF2 = fixture('handwired_onekey_rp2040_default.uf2');
const ONEKEY = { vendorId: 0xfeed, productId: 0x6465 };
const caterina = flashTarget('atmega32u4-caterina');
const f411 = flashTarget('stm32f411-dfu');
const rp2040 = flashTarget('rp2040-uf2');

function accepted(name: string, bytes: Uint8Array, target = caterina) {
  const read = readFirmwareFile(name, bytes, target);
  if (!read.ok) throw new Error(refusalText(read.problem));
  return read;
}

describe('the USB device descriptor in a real build', () => {
  it.each([
    ['.hex (ATmega32U4)', 'k.hex', HEX, caterina, 'Onekey Pro Micro'],
    ['.bin (STM32F411)', 'k.bin', BIN, f411, 'Onekey Blackpill STM32F411'],
    ['.uf2 (RP2040)', 'k.uf2', UF2, rp2040, 'Onekey RP2040'],
  ])('names the keyboard in a %s', (_, name, bytes, target, product) => {
    const read = accepted(name, bytes, target);
    expect(read.identity).toMatchObject({ ...ONEKEY });
    expect(read.identity!.names).toContain(product);
    expect(read.identity!.names).toContain('QMK');
  });

  it('warns when the build names another keyboard, says nothing when it names this one', () => {
    const identity = accepted('k.hex', HEX).identity;
    const split36 = { vendorId: 0x4b4c, productId: 0x0004, name: 'Keyloom Split 36' };
    const warning = keyboardWarning(identity, split36);
    expect(warning && refusalText(warning)).toBe(
      'This firmware calls itself Onekey Pro Micro (FEED:6465): it is for another keyboard than Keyloom Split 36 (4B4C:0004).',
    );
    expect(keyboardWarning(identity, { ...ONEKEY, name: 'Onekey' })).toBeNull();
    expect(keyboardWarning(null, split36)).toMatchObject({ code: 'flash.unknownKeyboard' });
  });
});

describe('vector tables', () => {
  it('each real build opens with its chip’s table, and is recognised as that chip’s elsewhere', () => {
    expect(hasVectorTable(accepted('k.hex', HEX).image, caterina)).toBe(true);
    expect(hasVectorTable(accepted('k.bin', BIN, f411).image, f411)).toBe(true);
    expect(hasVectorTable(accepted('k.uf2', UF2, rp2040).image, rp2040)).toBe(true);
    expect(recogniseCode(accepted('k.hex', HEX).image, true)).toBe('AVR');
    expect(recogniseCode(accepted('k.bin', BIN, f411).image, false)).toBe('STM32');
    expect(recogniseCode(accepted('k.uf2', UF2, rp2040).image, true)).toBe('RP2040');
  });

  it('refuses another chip’s real build by name, before anything else', () => {
    const uf2OnCaterina = readFirmwareFile('k.uf2', UF2, caterina);
    expect(!uf2OnCaterina.ok && refusalText(uf2OnCaterina.problem)).toBe(
      'This file is .uf2 firmware for RP2040; Caterina (Pro Micro, Elite-C) takes ATmega32U4 firmware (.hex).',
    );
    // The STM32 .bin without its suffix, so the vector table (not the suffix) names it.
    const bare = BIN.subarray(0, BIN.length - 16);
    expect(readFirmwareFile('k.bin', bare, flashTarget('at90usb1286-atmel-dfu'))).toMatchObject({
      ok: false,
      problem: { code: 'flash.otherChip', values: { found: 'STM32', chip: 'AT90USB1286' } },
    });
    expect(readFirmwareFile('k.hex', HEX, f411)).toMatchObject({
      ok: false,
      problem: { code: 'flash.otherChip', values: { found: 'AVR', format: '.hex' } },
    });
  });

  it('refuses random bytes on every target, as not firmware or not this chip’s', () => {
    fc.assert(
      fc.property(
        // Not read as Intel HEX (':' after white space), which its records refuse instead.
        fc
          .uint8Array({ minLength: 64, maxLength: 12_000 })
          .filter((b) => !looksLikeIntelHex(b.subarray(0, 64))),
        fc.constantFrom(...FLASH_TARGETS),
        (bytes, target) => {
          const read = readFirmwareFile('random.bin', bytes, target);
          expect(read.ok).toBe(false);
          if (!read.ok)
            expect(['flash.notFirmware', 'flash.otherChip', 'flash.tooBig']).toContain(read.problem.code);
          const image = { segments: [{ address: target.flash.start, data: bytes }] };
          expect(findUsbIdentity(image)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses 10,000 random bytes picked as a .bin for Caterina, naming what is missing', () => {
    const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 2654435761) >>> 24);
    const read = readFirmwareFile('random.bin', bytes, caterina);
    expect(!read.ok && refusalText(read.problem)).toBe(
      'This file does not start like ATmega32U4 firmware (no vector table at 0x0000): it is not a build for this chip.',
    );
  });
});

describe('DFU suffix ids', () => {
  it('reads the ids of the real STM32 build’s suffix', () => {
    expect(dfuSuffixIds(BIN)).toEqual({ vendorId: 0x0483, productId: 0xdf11 });
    expect(dfuSuffixIds(BIN.subarray(0, BIN.length - 1))).toBeNull();
  });

  it.each(['at90usb1286-atmel-dfu', 'at90usb1286-halfkay', 'rp2040-uf2', 'atmega32u4-caterina'])(
    'refuses the STM32 DFU build on %s by its suffix, naming the bootloader it is for',
    (id) => {
      const target = flashTarget(id);
      const read = readFirmwareFile('k.bin', BIN, target);
      expect(read).toMatchObject({ ok: false, problem: { code: 'flash.dfuSuffixOther' } });
      if (!read.ok) expect(refusalText(read.problem)).toContain('STM32 DFU (0483:DF11)');
    },
  );

  it('takes it on the STM32 DFU bootloader its suffix names', () => {
    expect(identityProblem('bin', accepted('k.bin', BIN, f411).image, BIN, f411)).toBeNull();
  });

  it('random bytes never carry a suffix', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 4096 }), (bytes) => {
        expect(dfuSuffixIds(bytes)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

describe('UF2 family', () => {
  it('names a relabelled family: the RP2040 build marked nRF52840 is refused for the RP2040', () => {
    const relabelled = UF2.slice();
    for (let at = 0; at < relabelled.length; at += 512)
      new DataView(relabelled.buffer).setUint32(at + 28, UF2_FAMILY.nRF52840, true);
    expect(readFirmwareFile('k.uf2', relabelled, rp2040)).toMatchObject({
      ok: false,
      problem: { code: 'flash.wrongFamily', values: { file: 'nRF52840' } },
    });
    expect(readFirmwareFile('k.uf2', buildUf2(new Uint8Array(512), 0x10000000), rp2040)).toMatchObject({
      ok: false,
      problem: { code: 'flash.notFirmware' },
    });
  });
});
