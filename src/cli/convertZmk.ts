import { writeFile } from 'node:fs/promises';
import type { CliIo } from './cliCommand.ts';
import { noteMessage } from '../convert/convertNotes.ts';
import { readKeymapRefusals } from '../convert/readKeymap.ts';
import { writeZmkKeymap } from '../convert/zmkKeymap.ts';
import { readZmkSnapshotFile } from '../convert/zmkSnapshot.ts';

export const ZMK_CLI_ERRORS = {
  behavior: (value: string) =>
    `--behavior takes "DISPLAY NAME=label" (the name the keyboard reports), not "${value}".`,
} as const;

/** Every value of a repeatable flag (`--behavior A=a --behavior=B=b`). */
function values(args: string[], name: string): string[] {
  return args.flatMap((a, i) =>
    a === name ? [args[i + 1] ?? ''] : a.startsWith(`${name}=`) ? [a.slice(name.length + 1)] : [],
  );
}

/**
 * `keyloom convert FILE.zmk.json --to zmk [--behavior "NAME=label"]… [--out FILE]`: a Keyloom ZMK keymap file to
 * a ZMK `.keymap` with the app's writer (src/convert/zmkKeymap.ts). `--behavior` names a behavior of the user's
 * own keymap by the display name the keyboard reports, so its bindings are written instead of kept in comments.
 */
export async function convertZmk(
  text: string,
  options: { to: string; out: string | undefined; fileName: string; args: string[] },
  io: CliIo,
): Promise<number> {
  const fail = (message: string) => {
    io.stderr.write(message + '\n');
    return 1;
  };
  if (options.to !== 'zmk') return fail(readKeymapRefusals.text.zmk);
  const labels: Record<string, string> = {};
  for (const value of values(options.args, '--behavior')) {
    const at = value.lastIndexOf('=');
    if (at <= 0 || at === value.length - 1) return fail(ZMK_CLI_ERRORS.behavior(value));
    labels[value.slice(0, at)] = value.slice(at + 1);
  }
  const read = readZmkSnapshotFile(text);
  if (!read.ok) return fail(read.message);
  const written = writeZmkKeymap(read.snapshot, { labels, source: options.fileName });
  if (!written.ok) return fail(written.message);
  const [main] = written.files;
  if (options.out) {
    await writeFile(options.out, main!.text);
    io.stdout.write(`wrote ${options.out}\n`);
  } else io.stdout.write(main!.text);
  for (const note of written.notes) io.stderr.write(`note: ${noteMessage(note)}\n`);
  return 0;
}
