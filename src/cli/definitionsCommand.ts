import { cp, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliCommand, CliIo } from './cliCommand.ts';
import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import { loadCompiler } from '../definitions/loadCompiler.ts';
import { definitionWarnings, describeWarning, type DefinitionWarning } from '../definitions/warnings.ts';
import { readDefinitionText } from './readDefinitionText.ts';

const USAGE = `Usage: keyloom definitions build <folder...> [--out public/definitions]
       keyloom definitions validate <file...> [--version v2|v3]

build compiles every .json under the folders (a VIA keyboards checkout counts as its v3/ and src/ folders);
folders in the KEYLOOM_KEYBOARDS environment variable (separated by '${path.delimiter}') are added, so
'KEYLOOM_KEYBOARDS=../keyboards npm run build' builds the app with the whole public collection.`;

/** The environment variable naming extra definition folders (docs/deploy.md). */
export const KEYBOARDS_ENV = 'KEYLOOM_KEYBOARDS';

/** A checkout of the VIA keyboards repository keeps its sources in v3/ and src/; anything else is used whole. */
async function sourceFolders(folder: string): Promise<string[]> {
  const isDir = async (p: string) => (await stat(p).catch(() => null))?.isDirectory() ?? false;
  const v3 = path.join(folder, 'v3');
  const src = path.join(folder, 'src');
  return (await isDir(v3)) && (await isDir(src)) ? [v3, src] : [folder];
}

/**
 * Progress on stderr while building: on a terminal one line rewritten in place; in a log a line at every tenth
 * of the way. Failures are printed at once, each with its file and reason.
 */
function progress(io: CliIo, total: number) {
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const width = String(total).length;
  let failed = 0;
  let lastTenth = -1;
  const line = (done: number) =>
    `[${String(done).padStart(width)}/${total}] ${total ? Math.floor((done / total) * 100) : 100}% compiled, ${failed} failed`;
  return {
    fail(file: string, reason: string) {
      failed++;
      io.stderr.write(`${tty ? '\r\x1b[K' : ''}FAILED ${file}: ${reason}\n`);
    },
    done(done: number) {
      if (tty) {
        io.stderr.write(`\r${line(done)}${done === total ? '\n' : ''}`);
        return;
      }
      const tenth = total ? Math.floor((done / total) * 10) : 10;
      if (tenth !== lastTenth || done === total) {
        lastTenth = tenth;
        io.stderr.write(`${line(done)}\n`);
      }
    },
  };
}

async function listJson(folder: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'tabkb' && entry.name !== 'node_modules')
        for (const f of await listJson(full)) out.push(f);
    } else if (entry.name.endsWith('.json')) out.push(full);
  }
  return out.sort();
}

async function readJson(file: string): Promise<unknown> {
  const text = await readDefinitionText(file);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`not valid JSON (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`${name}=`))?.split('=')[1];
}

function positional(args: string[]): string[] {
  return args.filter(
    (a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1]!.startsWith('--') && !args[i - 1]!.includes('=')),
  );
}

async function validate(args: string[], io: CliIo): Promise<number> {
  const forced = option(args, '--version');
  if (forced !== undefined && forced !== 'v2' && forced !== 'v3') {
    io.stderr.write(`--version must be v2 or v3, got '${forced}'\n`);
    return 2;
  }
  const files = positional(args);
  if (files.length === 0) {
    io.stderr.write(USAGE + '\n');
    return 2;
  }
  const { compileSourceDefinition } = await loadCompiler();
  let failed = 0;
  let out = '';
  for (const file of files) {
    let message: string;
    let warnings: DefinitionWarning[] = [];
    try {
      const result = compileSourceDefinition(await readJson(file), forced as DefinitionVersion | undefined);
      message = result.ok ? 'OK' : result.message;
      if (result.ok) warnings = definitionWarnings(result.value.definition);
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    if (message !== 'OK') failed++;
    out += `${file}: ${message}\n`;
    // Warnings never fail validation: the board may still work, but the owner would meet a wrong or dead key.
    for (const warning of warnings) out += `${file}: warning: ${describeWarning(warning)}\n`;
    if (out.length > 64 * 1024) {
      io.stdout.write(out);
      out = '';
    }
  }
  io.stdout.write(out);
  return failed > 0 ? 1 : 0;
}

async function build(args: string[], io: CliIo): Promise<number> {
  const fromEnv = (process.env[KEYBOARDS_ENV] ?? '').split(path.delimiter).filter(Boolean);
  const given = [...positional(args), ...fromEnv];
  const [folder] = given;
  if (!folder) {
    io.stderr.write(USAGE + '\n');
    return 2;
  }
  const outDir = option(args, '--out') ?? 'public/definitions';
  for (const f of given) {
    if (!(await stat(f).catch(() => null))?.isDirectory()) {
      io.stderr.write(`Not a folder: ${f}\n`);
      return 2;
    }
  }
  const files: string[] = [];
  // Loops, not push(...list): a folder of a few hundred thousand files would overflow the call's arguments.
  for (const f of given)
    for (const source of await sourceFolders(f)) for (const j of await listJson(source)) files.push(j);
  const { compileSourceDefinition } = await loadCompiler();
  const { buildIndex, serializeIndex } = await import('../definitions/buildIndex.ts');
  const built: { version: DefinitionVersion; definition: ServedDefinition; file: string }[] = [];
  let failed = 0;
  const report = progress(io, files.length);
  for (const [i, file] of files.entries()) {
    let result;
    try {
      result = compileSourceDefinition(await readJson(file));
    } catch (error) {
      result = { ok: false as const, message: error instanceof Error ? error.message : String(error) };
    }
    if (!result.ok) {
      failed++;
      report.fail(file, result.message);
      report.done(i + 1);
      continue;
    }
    const twin = built.find(
      (b) =>
        b.version === result.value.version &&
        b.definition.vendorProductId === result.value.definition.vendorProductId,
    );
    if (twin) {
      failed++;
      report.fail(
        file,
        `duplicate ${result.value.version} vendorProductId ${result.value.definition.vendorProductId} (also in ${twin.file})`,
      );
      report.done(i + 1);
      continue;
    }
    built.push({ ...result.value, file });
    report.done(i + 1);
  }
  if (files.length === 0) report.done(0);
  // A previous build (say, of the whole collection) must not leave definitions the new index does not list.
  for (const version of ['v2', 'v3'] as const) {
    const dir = path.join(outDir, version);
    await mkdir(dir, { recursive: true });
    for (const name of await readdir(dir)) if (name.endsWith('.json')) await rm(path.join(dir, name));
  }
  for (const { version, definition } of built) {
    await writeFile(
      path.join(outDir, version, `${definition.vendorProductId}.json`),
      JSON.stringify(definition),
    );
  }
  const index = buildIndex(built, Date.now());
  await writeFile(path.join(outDir, 'supported_kbs.json'), JSON.stringify(serializeIndex(index)));
  await writeFile(path.join(outDir, 'hash.json'), JSON.stringify(index.hash));
  const tabkb = path.join(outDir, '..', 'tabkb');
  await mkdir(tabkb, { recursive: true });
  await writeFile(path.join(tabkb, 'supported_kbs.json'), JSON.stringify(index.vendorProductIds));
  const configsFile = path.join(folder, 'tabkb', 'configs.json');
  if (await stat(configsFile).catch(() => null)) {
    const configs = await readJson(configsFile);
    const list = Array.isArray(configs) ? configs : [];
    const kept = list.filter((c: unknown) => {
      const ok =
        !!c &&
        typeof c === 'object' &&
        Number.isInteger((c as Record<string, unknown>).vendorId) &&
        Number.isInteger((c as Record<string, unknown>).productId);
      if (!ok) io.stderr.write(`${configsFile}: skipped an entry without vendorId or productId\n`);
      return ok;
    });
    await writeFile(path.join(tabkb, 'configs.json'), JSON.stringify(kept));
  }
  // Firmware images the configs point at (online upgrade) are served beside them.
  const firmwareDir = path.join(folder, 'tabkb', 'firmware');
  if (await stat(firmwareDir).catch(() => null)) {
    await cp(firmwareDir, path.join(tabkb, 'firmware'), { recursive: true });
  }
  io.stdout.write(`Built ${built.length} definitions into ${outDir} (${failed} failed)\n`);
  return failed > 0 ? 1 : 0;
}

export const run: CliCommand = async (args, io) => {
  const [sub, ...rest] = args;
  if (sub === 'build') return build(rest, io);
  if (sub === 'validate') return validate(rest, io);
  io.stderr.write(USAGE + '\n');
  return 2;
};
