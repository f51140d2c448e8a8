import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliCommand, CliIo } from './main.ts';
import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import { loadCompiler } from '../definitions/loadCompiler.ts';
import { definitionWarnings, describeWarning, type DefinitionWarning } from '../definitions/warnings.ts';

const USAGE = `Usage: keyloom definitions build <folder> [--out public/definitions]
       keyloom definitions validate <file...> [--version v2|v3]`;

async function listJson(folder: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'tabkb' && entry.name !== 'node_modules') out.push(...(await listJson(full)));
    } else if (entry.name.endsWith('.json')) out.push(full);
  }
  return out.sort();
}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8');
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
  const [folder] = positional(args);
  if (!folder) {
    io.stderr.write(USAGE + '\n');
    return 2;
  }
  const outDir = option(args, '--out') ?? 'public/definitions';
  if (!(await stat(folder).catch(() => null))?.isDirectory()) {
    io.stderr.write(`Not a folder: ${folder}\n`);
    return 2;
  }
  const { compileSourceDefinition } = await loadCompiler();
  const { buildIndex } = await import('../definitions/buildIndex.ts');
  const built: { version: DefinitionVersion; definition: ServedDefinition; file: string }[] = [];
  let failed = 0;
  for (const file of await listJson(folder)) {
    let result;
    try {
      result = compileSourceDefinition(await readJson(file));
    } catch (error) {
      result = { ok: false as const, message: error instanceof Error ? error.message : String(error) };
    }
    if (!result.ok) {
      failed++;
      io.stderr.write(`${file}: ${result.message}\n`);
      continue;
    }
    const twin = built.find(
      (b) =>
        b.version === result.value.version &&
        b.definition.vendorProductId === result.value.definition.vendorProductId,
    );
    if (twin) {
      failed++;
      io.stderr.write(
        `${file}: duplicate ${result.value.version} vendorProductId ${result.value.definition.vendorProductId} (also in ${twin.file})\n`,
      );
      continue;
    }
    built.push({ ...result.value, file });
  }
  for (const version of ['v2', 'v3'] as const) await mkdir(path.join(outDir, version), { recursive: true });
  for (const { version, definition } of built) {
    await writeFile(
      path.join(outDir, version, `${definition.vendorProductId}.json`),
      JSON.stringify(definition),
    );
  }
  const index = buildIndex(built, Date.now());
  await writeFile(path.join(outDir, 'supported_kbs.json'), JSON.stringify(index));
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
