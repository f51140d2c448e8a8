import { familyName, UF2_FAMILY, type Uf2Image } from '../formats/uf2.ts';

/**
 * Bootloaders the boot screens flash over serial (extended.md §7: "known bootloader targets are three by
 * vendor/product"; their values are not published, so these are the Keyloom line's). /boot flashes 2.4G
 * receivers; /boot2 the receivers whose boot ROM enumerates with the alternate id. Each names the chip its
 * images are built for (the UF2 family id every block of such an image carries): the keyboards of the line are
 * RP2040 boards, their receivers nRF52840 dongles, so a keyboard's own image is refused here before anything
 * is sent.
 */
export interface BootTarget {
  name: string;
  usbVendorId: number;
  usbProductId: number;
  /** The UF2 family id of the images this bootloader takes. */
  familyId: number;
}

export const BOOT_TARGETS: Readonly<Record<'/boot' | '/boot2', readonly BootTarget[]>> = {
  '/boot': [
    { name: '2.4G receiver', usbVendorId: 0x4b4c, usbProductId: 0xb024, familyId: UF2_FAMILY.nRF52840 },
    {
      name: '2.4G receiver (rev. 2)',
      usbVendorId: 0x4b4c,
      usbProductId: 0xb025,
      familyId: UF2_FAMILY.nRF52840,
    },
  ],
  '/boot2': [
    {
      name: '2.4G receiver (alternate boot)',
      usbVendorId: 0x4b4c,
      usbProductId: 0xb026,
      familyId: UF2_FAMILY.nRF52840,
    },
  ],
};

/**
 * The chip of the vendor line's keyboards (RP2040 boards): what Configure → Firmware flashes onto the keyboard
 * itself, checked as the boot screens check the receivers' (issue 39.4).
 */
export const KEYBOARD_IMAGE_FAMILIES: readonly Pick<BootTarget, 'familyId'>[] = [
  { familyId: UF2_FAMILY.RP2040 },
];

export function matchesTarget(
  info: { usbVendorId?: number; usbProductId?: number },
  targets: readonly BootTarget[],
) {
  return targets.some((t) => t.usbVendorId === info.usbVendorId && t.usbProductId === info.usbProductId);
}

/**
 * Why an image is not for these bootloaders, or null when it is: it names no chip (no UF2 family id in some
 * block: Keyloom cannot tell which device it is for), or it names another chip than every target's (`family`,
 * `chip` its name; `expected` the targets' chips). The keyboards' own images (RP2040) are the likely mistake.
 */
export type BootImageProblem =
  | { kind: 'noFamily'; expected: string }
  | { kind: 'otherDevice'; family: number; chip: string; expected: string };

export function bootImageProblem(
  image: Pick<Uf2Image, 'families' | 'unnamed'>,
  targets: readonly Pick<BootTarget, 'familyId'>[],
): BootImageProblem | null {
  const accepted = [...new Set(targets.map((t) => t.familyId))];
  const expected = accepted.map(familyName).join(', ');
  const foreign = image.families.find((f) => !accepted.includes(f));
  if (foreign !== undefined)
    return { kind: 'otherDevice', family: foreign, chip: familyName(foreign), expected };
  if (image.unnamed || image.families.length === 0) return { kind: 'noFamily', expected };
  return null;
}

/** The refusal in words, for the Errors page and the flash outcome (the boot screen words it in the user's language). */
export function bootImageRefusal(problem: BootImageProblem, taker = 'this bootloader'): string {
  return problem.kind === 'noFamily'
    ? `The file does not say which device it is for (no UF2 family id); ${taker} takes ${problem.expected} images`
    : `The file is for another device (${problem.chip}); ${taker} takes ${problem.expected} images`;
}
