import { refusalTable } from '../lib/refusal.ts';

/**
 * Every reason a firmware file is refused or a flash fails: the `flash` refusal table (lib/refusal.ts, the one
 * mechanism for coded messages, as every reader's). The English text is here (tests, the CLI, the Errors page);
 * the page shows `refusals:flash.<name>` with the same values, in all four languages, through
 * `ui/common/refusalWords.ts` (`i18n/refusals.test.ts` keeps them in step). Values are already formatted
 * (addresses as `0x7000`, sizes with separators) so a translation only places them; the step a bootloader failed
 * in is itself a refusal of the `flashStepRefusals` table (`FlashSession.ts` `fail`), worded in the same language.
 */
export const flashRefusals = refusalTable('flash', {
  // Reading the file
  emptyFile: 'The file is empty.',
  fileTooLarge: 'The file is {{size}} bytes; a firmware file is at most {{max}}.',
  unknownFormat: 'This is not a firmware file Keyloom can read (Intel HEX .hex, .bin or .uf2).',
  hexBadLine: 'Line {{line}} is not an Intel HEX record.',
  hexBadLength: 'Line {{line}}: the record length does not match its data.',
  hexBadChecksum: 'Line {{line}}: the checksum is wrong (the file is damaged).',
  hexBadType: 'Line {{line}}: unknown record type {{type}}.',
  hexBadAddressRecord: 'Line {{line}}: a malformed address or end record.',
  hexNoEnd: 'The file ends before its end-of-file record (it is cut short).',
  hexAfterEnd: 'Line {{line}}: records after the end-of-file record.',
  overlap: 'The file writes address {{address}} twice.',
  uf2NotBlocks: 'The file size is not a multiple of 512-byte UF2 blocks.',
  uf2BadBlock: 'Block {{block}} is not a UF2 block.',
  uf2BadPayload: 'Block {{block}}: its data size or address is not valid.',
  uf2BadSequence: 'Block {{block}} is out of sequence (the file is damaged or cut short).',
  uf2FileContainer: 'This UF2 file holds files for a file system, not firmware for the flash.',
  noData: 'The file has no firmware data.',
  // Checking it against the chip
  wrongFamily: 'This UF2 file is built for {{file}}; the keyboard’s chip is {{chip}}.',
  tooBig: 'The firmware is {{size}} bytes; this {{chip}} has room for {{max}}.',
  outsideFlash: 'The firmware writes at {{address}}, outside the flash of this {{chip}} ({{start}}–{{end}}).',
  protectedRegion:
    'The firmware writes at {{address}}, into the bootloader ({{start}}–{{end}}): it was built for another bootloader.',
  // What the image says about itself (firmwareCheck.ts)
  otherChip:
    'This file is {{format}} firmware for {{found}}; {{bootloader}} takes {{chip}} firmware ({{expected}}).',
  notFirmware:
    'This file does not start like {{chip}} firmware (no vector table at {{address}}): it is not a build for this chip.',
  dfuSuffixOther:
    'The file’s DFU suffix says it is for {{found}}, not {{bootloader}}: it was built for another bootloader.',
  otherKeyboard:
    'This firmware calls itself {{names}} ({{ids}}): it is for another keyboard than {{keyboard}} ({{expected}}).',
  unknownKeyboard:
    'Keyloom cannot tell whether this firmware is for {{keyboard}}: it holds no USB device descriptor naming a keyboard.',
  // Talking to the bootloader
  stalled: 'The bootloader refused the request ({{step}}).',
  disconnected: 'The bootloader disconnected ({{step}}).',
  deviceStatus: 'The bootloader reported {{status}} ({{step}}).',
  unexpectedReply: 'The bootloader answered something unexpected ({{step}}).',
  noReply: 'The bootloader did not answer ({{step}}).',
  wrongChip: 'This bootloader runs on another chip (signature {{found}}, expected {{expected}}).',
  notBootloader: 'This device does not answer as a {{bootloader}} bootloader.',
  wrongBootloader: 'This bootloader is for {{found}}; the keyboard is set up as {{expected}}.',
  cannotOpen: 'The browser could not open the bootloader ({{reason}}).',
  verifyMismatch:
    'Verification failed: the flash at {{address}} holds {{actual}}, the file has {{expected}}.',
  notUf2Drive: 'This folder is not a UF2 bootloader drive (it has no INFO_UF2.TXT).',
  driveWriteFailed: 'Writing the firmware file to the drive failed: {{reason}}',
  cancelled: 'Flashing was cancelled.',
  backupUnread:
    'The keyboard’s Keychron settings could not be read for the backup ({{reason}}): nothing was flashed.',
});

export type FlashRefusalName = keyof typeof flashRefusals.text;

/** What the client was doing when the bootloader failed (the `{{step}}` value). */
export const flashStepRefusals = refusalTable('flashStep', {
  connect: 'connecting',
  signature: 'reading the chip signature',
  erase: 'erasing',
  write: 'writing',
  verify: 'reading back',
  start: 'starting the firmware',
});

export type FlashStep = keyof typeof flashStepRefusals.text;

/** `0x7000`: how addresses are shown in messages. */
export const hexAddress = (n: number): string => `0x${n.toString(16).toUpperCase().padStart(4, '0')}`;

/** A value as `0x1F` (bytes in verify messages). */
export const hexByte = (n: number): string => `0x${n.toString(16).toUpperCase().padStart(2, '0')}`;
