import { readFile, rename, writeFile } from 'node:fs/promises';
import { KC_EEPROM_SIZE } from '../protocol/keychron/keychronIds.ts';
import { VirtualFirmware } from '../virtual-keyboard/VirtualFirmware.ts';
import { keychronConfig } from '../virtual-keyboard/keychron/keychronBuild.ts';
import { findKeychronBoard, KEYCHRON_DEMOS } from '../virtual-keyboard/keychron/keychronBoards.ts';
import type { CliIo } from './cliCommand.ts';
import { stdinReports, writeStdout } from './stdinReports.ts';

export const KEYCHRON_USAGE = `       keyloom virtual-keyboard --stdio --keychron ${KEYCHRON_DEMOS.map((d) => d.board.id).join('|')} [--framed] [--eeprom FILE]
A Keychron board as its firmware answers right after flashing its keychron keymap. --framed: before each request's
replies, one byte says how many 32-byte reports follow (0 when the firmware stays silent). --eeprom FILE: the
board's 3,072-byte EEPROM, read at start (no file yet: a freshly flashed board) and written at end of input, so a
restart with the same FILE is a power cycle.`;

interface KeychronArgs {
  board: string;
  framed: boolean;
  eeprom: string | null;
}

/** Parses `--stdio --keychron ID [--framed] [--eeprom FILE]`; a message string on bad input. */
export function parseKeychronArgs(args: string[]): KeychronArgs | string {
  const parsed: KeychronArgs = { board: '', framed: false, eeprom: null };
  let stdio = false;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split(/=(.*)/s) as [string, string | undefined];
    if (flag === '--stdio') stdio = true;
    else if (flag === '--framed') parsed.framed = true;
    else if (flag === '--keychron' || flag === '--eeprom') {
      const value = inline ?? args[++i];
      if (!value) return `${flag} needs a value`;
      if (flag === '--keychron') parsed.board = value;
      else parsed.eeprom = value;
    } else return `Unknown option with --keychron: ${args[i]}`;
  }
  if (!stdio) return 'The bridge talks over stdin/stdout: pass --stdio.';
  if (!findKeychronBoard(parsed.board)) {
    return `Unknown Keychron board '${parsed.board}'; one of: ${KEYCHRON_DEMOS.map((d) => d.board.id).join(', ')}`;
  }
  return parsed;
}

/** Reads the EEPROM file: null when there is none yet; a message when it is not a 3,072-byte image. */
async function readEeprom(file: string): Promise<Uint8Array | null | string> {
  try {
    const bytes = new Uint8Array(await readFile(file));
    return bytes.length === KC_EEPROM_SIZE
      ? bytes
      : `${file}: an EEPROM image is ${KC_EEPROM_SIZE} bytes, this file has ${bytes.length}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : `Cannot read ${file}`;
  }
}

/**
 * The Keychron bridge: each 32-byte request on stdin is answered as Keychron's firmware answers it. Unframed,
 * replies are written as they come (a silent request writes nothing); framed, a count byte precedes them. The
 * EEPROM file is replaced (written beside it, then renamed) only after the input ended, so a failed run never
 * leaves half an image.
 */
export async function runKeychronBridge(args: string[], io: CliIo): Promise<number> {
  const parsed = parseKeychronArgs(args);
  if (typeof parsed === 'string') {
    io.stderr.write(`${parsed}\n\nUsage: ${KEYCHRON_USAGE.trimStart()}\n`);
    return 2;
  }
  // The bridge's clock stands still at power-on (VIA uptime reads 0), so a replayed session answers the same
  // bytes however fast it is fed.
  const firmware = new VirtualFirmware(keychronConfig(findKeychronBoard(parsed.board)!), { now: () => 0 });
  const keychron = firmware.keychron!;
  if (parsed.eeprom) {
    const image = await readEeprom(parsed.eeprom);
    if (typeof image === 'string') {
      io.stderr.write(`${image}\n`);
      return 1;
    }
    if (image) keychron.loadImage(image);
  }
  // State-notify reports the board sends by itself come before the reply of the request that caused them.
  const unsolicited: Uint8Array[] = [];
  keychron.onReport = (report) => unsolicited.push(report);
  for await (const request of stdinReports(io)) {
    const reply = firmware.handleReport(request);
    const reports = [...unsolicited.splice(0), ...(reply ? [reply] : [])];
    if (parsed.framed) await writeStdout(io, Uint8Array.of(reports.length));
    for (const report of reports) await writeStdout(io, report);
  }
  if (parsed.eeprom) {
    const temporary = `${parsed.eeprom}.tmp`;
    await writeFile(temporary, keychron.image());
    await rename(temporary, parsed.eeprom);
  }
  return 0;
}
