import { createInterface } from 'node:readline';
import { formatKeycode, hexKeycode, parseKeycode } from '../keycodes/index.ts';
import type { CliCommand, CliIo } from './cliCommand.ts';

/** The newest protocol Keyloom knows; the default, so modern QMK names resolve. */
export const NEWEST_PROTOCOL = 12;

const USAGE = `Usage: keyloom keycode <text|0xHEX>... [--protocol N] [--json]
       keyloom keycode - [--protocol N] [--json]     (one input per line from stdin)
Prints "<canonical name>\\t<0xHEX>" per input; exit status 1 if any input is invalid.`;

interface Options {
  protocol: number;
  json: boolean;
  inputs: string[];
  stdin: boolean;
}

function parseArgs(args: string[]): Options | string {
  const options: Options = { protocol: NEWEST_PROTOCOL, json: false, inputs: [], stdin: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--json') options.json = true;
    else if (arg === '--protocol' || arg.startsWith('--protocol=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : args[++i];
      if (value === undefined || !/^\d{1,3}$/.test(value))
        return `--protocol needs a whole number, got '${value ?? ''}'`;
      options.protocol = Number(value);
    } else if (arg === '-') options.stdin = true;
    else if (arg === '--help' || arg === '-h') return '';
    else if (arg.startsWith('--')) return `Unknown option: ${arg}`;
    else options.inputs.push(arg);
  }
  if (!options.stdin && options.inputs.length === 0) return 'No keycode given.';
  return options;
}

/** Converts one input; numbers (0x…) become names, names and expressions become numbers. */
export function convert(input: string, protocol: number): { code: number; name: string } | { error: string } {
  const code = parseKeycode(input, protocol);
  if (code === null) return { error: `Invalid keycode for protocol ${protocol}: '${input.trim()}'` };
  return { code, name: formatKeycode(code, protocol) };
}

export const run: CliCommand = async (args, io) => {
  const options = parseArgs(args);
  if (typeof options === 'string') {
    io.stderr.write((options ? options + '\n\n' : '') + USAGE + '\n');
    return options ? 2 : 0;
  }
  let failed = false;
  let out = '';
  const emit = (input: string) => {
    const result = convert(input, options.protocol);
    if ('error' in result) {
      failed = true;
      if (options.json) out += JSON.stringify({ input, error: result.error }) + '\n';
      else io.stderr.write(result.error + '\n');
    } else {
      out += options.json
        ? JSON.stringify({ input, code: result.code, name: result.name }) + '\n'
        : `${result.name}\t${hexKeycode(result.code)}\n`;
    }
    // Batch writes: stdin mode handles many thousands of lines per second.
    if (out.length > 64 * 1024) flush(io);
  };
  const flush = (target: CliIo) => {
    if (out) target.stdout.write(out);
    out = '';
  };
  for (const input of options.inputs) emit(input);
  if (options.stdin) {
    const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
    for await (const line of lines) if (line.trim() !== '') emit(line);
  }
  flush(io);
  return failed ? 1 : 0;
};
