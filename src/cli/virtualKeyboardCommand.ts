import { VirtualFirmware } from '../virtual-keyboard/VirtualFirmware.ts';
import type { VirtualKeyboardConfig } from '../virtual-keyboard/config.ts';
import type { CliCommand } from './cliCommand.ts';
import { readDefinitionFile } from '../definitions/definitionFile.ts';
import { loadCompiler } from '../definitions/loadCompiler.ts';
import { checkBuildOptions, defaultBuildOptions, parseBuildFlags } from '../definitions/buildOptions.ts';
import { configFromDefinition } from '../virtual-keyboard/configFromDefinition.ts';
import { loadCommonMenus } from '../definitions/menus.ts';
import { readDefinitionText } from './readDefinitionText.ts';
import { stdinReports, writeStdout } from './stdinReports.ts';
import { KEYCHRON_USAGE, runKeychronBridge } from './keychronBridge.ts';

const USAGE = `Usage: keyloom virtual-keyboard --stdio [--protocol N --rows R --cols C --layers L --macros M
         --macro-buffer BYTES --encoders E --layout-option-bytes K]
       keyloom virtual-keyboard --stdio --definition FILE [--layers L --macros M --macro-buffer BYTES --protocol N]
Reads 32-byte raw-HID requests on stdin and writes each 32-byte reply to stdout. With --definition the board is
built from a keyboard definition (source or VIA form) as 'Try a virtual keyboard' builds it: matrix, encoders,
menus and lighting from the file; layers, macros and protocol from the options (defaults: 4 layers, 16 macros in
1024 bytes, protocol 10 for v2 definitions and 12 for v3).
${KEYCHRON_USAGE}`;

const FLAGS = {
  '--protocol': ['protocol', 0, 0xffff],
  '--rows': ['rows', 1, 255],
  '--cols': ['cols', 1, 255],
  '--layers': ['layers', 1, 32],
  '--macros': ['macroCount', 0, 255],
  '--macro-buffer': ['macroBufferSize', 0, 0xffff],
  '--encoders': ['encoders', 0, 255],
  '--layout-option-bytes': ['layoutOptionBytes', 1, 4],
} as const satisfies Record<string, readonly [keyof VirtualKeyboardConfig, number, number]>;

/** Parses the bridge's flags into a firmware config; a message string on bad input. */
export function parseBridgeArgs(args: string[]): VirtualKeyboardConfig | string {
  const config: VirtualKeyboardConfig = {
    name: 'Keyloom Virtual Keyboard',
    vendorId: 0x4b4c,
    productId: 0xffff,
    protocol: 12,
    rows: 4,
    cols: 12,
    layers: 4,
    macroCount: 16,
    macroBufferSize: 1024,
    encoders: 0,
    layoutOptionBytes: 1,
  };
  let stdio = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--stdio') {
      stdio = true;
      continue;
    }
    const [flag, inline] = arg.split('=') as [string, string | undefined];
    const spec = FLAGS[flag as keyof typeof FLAGS];
    if (!spec) return `Unknown option: ${arg}`;
    const value = inline ?? args[++i];
    if (value === undefined || !/^\d+$/.test(value)) return `${flag} needs a whole number`;
    const [key, min, max] = spec;
    const n = Number(value);
    if (n < min || n > max) return `${flag} must be between ${min} and ${max}, got ${n}`;
    (config as unknown as Record<string, number>)[key] = n;
  }
  if (!stdio) return 'The bridge talks over stdin/stdout: pass --stdio.';
  return config;
}

/**
 * The raw-HID-over-stdio bridge: any VIA client in any language can be tested against the virtual keyboard.
 * Requests are framed as exactly 32 bytes; each reply is written and flushed before the next request is read.
 * A request after a bootloader jump gets no reply, like a board that has re-enumerated.
 */
/** Builds the firmware config from `--definition FILE` and the shared build flags, like the app's dialog. */
export async function configFromDefinitionArgs(args: string[]): Promise<VirtualKeyboardConfig | string> {
  const at = args.findIndex((a) => a === '--definition' || a.startsWith('--definition='));
  const file = args[at]!.includes('=') ? args[at]!.slice('--definition='.length) : args[at + 1];
  if (!file) return '--definition needs a file';
  const others = args.filter((_, i) => i !== at && (args[at]!.includes('=') || i !== at + 1));
  const flags = parseBuildFlags(others);
  if (typeof flags === 'string') return flags;
  const unknown = flags.rest.find((a) => a !== '--stdio');
  if (unknown)
    return `With --definition the matrix and encoders come from the file; unknown option: ${unknown}`;
  if (!flags.rest.includes('--stdio')) return 'The bridge talks over stdin/stdout: pass --stdio.';
  let text: string;
  try {
    text = await readDefinitionText(file);
  } catch (error) {
    // The file system's errors carry a code; a file over the size limits gets its own sentence.
    return error instanceof Error && !('code' in error) ? `${file}: ${error.message}` : `Cannot read ${file}`;
  }
  const read = readDefinitionFile(text, await loadCompiler());
  if (!read.ok) return `${file}: ${read.message}`;
  const options = { ...defaultBuildOptions(read.value.version), ...flags.options };
  const checked = checkBuildOptions(options, read.value.version, read.value.definition.matrix);
  if (!checked.ok) return checked.message;
  const { definition } = read.value;
  if ('menus' in definition) await loadCommonMenus(definition.menus);
  return configFromDefinition(definition, checked.value);
}

export const run: CliCommand = async (args, io) => {
  if (args.some((a) => a === '--keychron' || a.startsWith('--keychron='))) {
    return runKeychronBridge(args, io);
  }
  const config = args.some((a) => a === '--definition' || a.startsWith('--definition='))
    ? await configFromDefinitionArgs(args)
    : parseBridgeArgs(args);
  if (typeof config === 'string') {
    io.stderr.write(`${config}\n\n${USAGE}\n`);
    return 2;
  }
  const firmware = new VirtualFirmware(config);
  // The bridge answers each request as it reads it: the vendor extensions' code is loaded before the first.
  await firmware.loadExtensions();
  for await (const request of stdinReports(io)) {
    const reply = firmware.handleReport(request);
    if (reply) await writeStdout(io, reply);
  }
  return 0;
};
