/**
 * The app's served files (definition index, definitions, vendor configs) in memory, for tests and benches that
 * run the app's own device path in Node: `DeviceRuntime` fetches them through `memoryFetch`, which records
 * every URL asked for.
 */
import { probeKeychron } from '../../src/protocol/keychron/keychronProbe.ts';
import { identifyVial, VIAL_VIA_PROTOCOL } from '../../src/services/vialKeyboard.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIndex } from '../../src/definitions/buildIndex.ts';
import {
  compileSourceDefinition,
  type DefinitionVersion,
  type ServedDefinition,
} from '../../src/definitions/compile.ts';
import { ViaClient } from '../../src/protocol/viaClient.ts';
import { ViaCommands } from '../../src/protocol/viaCommands.ts';
import type { FetchLike } from '../../src/services/definitionsRepository.ts';
import { loadKeyboard } from '../../src/services/keyboardLoader.ts';
import type { VirtualKeyboardConfig } from '../../src/virtual-keyboard/config.ts';
import { VirtualFirmware } from '../../src/virtual-keyboard/VirtualFirmware.ts';
import { VirtualHidDevice } from '../../src/virtual-keyboard/VirtualHidDevice.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A demo keyboard's definition compiled from `keyboards/demo/<file>`, as `npm run definitions` serves it. */
export function demoDefinition(file: string): { version: DefinitionVersion; definition: ServedDefinition } {
  const result = compileSourceDefinition(
    JSON.parse(readFileSync(path.join(ROOT, 'keyboards/demo', file), 'utf8')),
  );
  if (!result.ok) throw new Error(`${file}: ${result.message}`);
  return result.value;
}

/** Served files by path relative to the app: the index, one file per definition, `tabkb/configs.json`. */
export function servedFiles(
  definitions: readonly { version: DefinitionVersion; definition: ServedDefinition }[],
  configs: unknown[] = [],
): Map<string, unknown> {
  const files = new Map<string, unknown>([
    ['definitions/supported_kbs.json', buildIndex(definitions, 0)],
    ['tabkb/configs.json', configs],
  ]);
  for (const { version, definition } of definitions)
    files.set(`definitions/${version}/${definition.vendorProductId}.json`, definition);
  return files;
}

/** A fetch over `files` at `baseUrl`; each requested path is pushed to `requests`. */
export function memoryFetch(
  files: Map<string, unknown>,
  baseUrl: string,
  requests: string[] = [],
): FetchLike {
  return async (url) => {
    const key = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url;
    requests.push(key);
    const body = files.get(key);
    // A copy, as the network would give: callers must not share objects with the "server".
    return {
      ok: body !== undefined,
      status: body !== undefined ? 200 : 404,
      json: async () => structuredClone(body),
    };
  };
}

/**
 * Reports one load takes on its own — the protocol read plus `loadKeyboard` on a fresh board — the least the
 * app's own device path may send for that board.
 */
export async function minimumLoadReports(
  config: VirtualKeyboardConfig,
  served: { version: DefinitionVersion; definition: ServedDefinition },
): Promise<number> {
  const device = new VirtualHidDevice(new VirtualFirmware(config), 'direct');
  let reports = 0;
  const client = new ViaClient(device, { onLog: (e) => void (e.direction === 'out' && reports++) });
  const protocol = await ViaCommands.readProtocolVersion(client);
  // A VIA protocol 9 board may be a Vial one: the app asks it once (its answer decides the numbering).
  if (protocol === VIAL_VIA_PROTOCOL) await identifyVial(client);
  await loadKeyboard(new ViaCommands(client, protocol), served.definition, served.version, {
    warn: () => {},
  });
  // Every VIA load asks Keychron's 0xA0 once (a plain board answers 0xFF at once).
  await probeKeychron(client);
  return reports;
}
