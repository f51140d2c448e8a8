/**
 * `keyloom` command line: a thin dispatcher. Each subcommand lives in its own module and is loaded only when
 * asked for, so `keyloom keycode` starts fast and never loads the definition compiler.
 */
import type { CliCommand, CliIo } from './cliCommand.ts';

const COMMANDS: Record<string, { summary: string; load: () => Promise<{ run: CliCommand }> }> = {
  keycode: {
    summary:
      'keycode <text|0xHEX>... [--protocol N] [--json] [-]   convert keycodes between names and numbers',
    load: () => import('./keycodeCommand.ts'),
  },
  definitions: {
    summary: 'definitions build <folder> [--out DIR] | validate <file>... [--version v2|v3]',
    load: () => import('./definitionsCommand.ts'),
  },
  layout: {
    summary:
      'layout check FILE --definition DEF [--protocol N] [--out SAVED] [--json]   load a .layout.json as Configure → Load does',
    load: () => import('./layoutCommand.ts'),
  },
  convert: {
    summary:
      'convert IN --to via|vil|qmk-json|qmk-c|zmk [--definition DEF] [--qmk-info INFO] [--out FILE]   move a keymap between formats',
    load: () => import('./convertCommand.ts'),
  },
  'virtual-keyboard': {
    summary:
      'virtual-keyboard --stdio [--protocol N --rows R --cols C ...]   raw-HID bridge over stdin/stdout',
    load: () => import('./virtualKeyboardCommand.ts'),
  },
};

function usage(): string {
  return ['Usage: keyloom <command> [options]', '', 'Commands:']
    .concat(Object.values(COMMANDS).map((c) => `  ${c.summary}`))
    .join('\n');
}

export async function main(argv: string[], io: CliIo = process): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    const text = usage() + '\n';
    if (name === undefined || name === '--help' || name === '-h') {
      io.stdout.write(text);
      return 0;
    }
    io.stderr.write(`Unknown command: ${name}\n\n${text}`);
    return 2;
  }
  const { run } = await command.load();
  return run(rest, io);
}
