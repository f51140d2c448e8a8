import { describe, expect, it } from 'vitest';
import { configurationLength, dfuConfigurationDescriptor, findDfuFunctional } from './dfuDescriptor.ts';

// An STM32F4 system bootloader's configuration descriptor (AN3156 §2: one DFU interface, one alternate setting per
// memory, then the DfuSe functional descriptor: download, upload, will detach; 255 ms; 2048 bytes; DfuSe 1.1a).
const interfaceAlt = (alt: number) => [0x09, 0x04, 0x00, alt, 0x00, 0xfe, 0x01, 0x02, 0x04 + alt];
const STM32_CONFIG = Uint8Array.from([
  ...[0x09, 0x02, 0x36, 0x00, 0x01, 0x01, 0x00, 0xc0, 0x32],
  ...interfaceAlt(0),
  ...interfaceAlt(1),
  ...interfaceAlt(2),
  ...interfaceAlt(3),
  ...[0x09, 0x21, 0x0b, 0xff, 0x00, 0x00, 0x08, 0x1a, 0x01],
]);

describe('the DFU functional descriptor', () => {
  it('reads an STM32 system bootloader’s: 2048-byte blocks, DfuSe 1.1a', () => {
    expect(configurationLength(STM32_CONFIG)).toBe(STM32_CONFIG.length);
    expect(findDfuFunctional(STM32_CONFIG)).toEqual({
      canDownload: true,
      canUpload: true,
      manifestationTolerant: false,
      willDetach: true,
      detachTimeoutMs: 255,
      transferSize: 2048,
      version: 0x011a,
    });
  });

  it('is null for another interface, a cut-short descriptor, or a zero-length one', () => {
    expect(findDfuFunctional(STM32_CONFIG, 1)).toBeNull();
    expect(findDfuFunctional(STM32_CONFIG.subarray(0, STM32_CONFIG.length - 3))).toBeNull();
    expect(findDfuFunctional(Uint8Array.of(0, 2, 0, 0))).toBeNull();
    expect(configurationLength(Uint8Array.of(9, 1, 0x12, 0))).toBeNull();
  });

  it('round-trips what the virtual bootloaders answer', () => {
    const functional = {
      canDownload: true,
      canUpload: true,
      manifestationTolerant: true,
      willDetach: false,
      detachTimeoutMs: 1000,
      transferSize: 1024,
      version: 0x0110,
    };
    const bytes = dfuConfigurationDescriptor(functional, 2);
    expect(configurationLength(bytes)).toBe(bytes.length);
    expect(findDfuFunctional(bytes)).toEqual(functional);
  });
});
