import type { DeviceProblemKind } from '../protocol/protocolProbe.ts';
import type { ConnectedDevice, DeviceProblem } from '../families/deviceFamily.ts';
import type { BootloaderIds } from '../formats/udevRule.ts';

/** What the connection doctor looks at: the browser, the platform and what the device store found. */
export interface DoctorFacts {
  /** The browser offers WebHID (virtual keyboards work either way). */
  webHid: boolean;
  /** Running on Linux, where hidraw permissions decide whether the browser may open a keyboard. */
  linux: boolean;
  devices: readonly ConnectedDevice[];
  problems: readonly DeviceProblem[];
  /** The bootloader a flash is set up for (the flash dialog's choice), if any. */
  flashing?: BootloaderIds | null;
}

export interface DoctorDevice {
  path: string;
  productName: string;
  vendorId: number;
  productId: number;
  virtual: boolean;
}

/**
 * One situation the doctor explains, most pressing first. `udev` asks for the Linux rule: with the device's ids,
 * or `'ask'` when no keyboard is known yet (the person types the ids lsusb shows; never a rule for every device).
 */
export type Finding =
  | { kind: 'noWebHid' }
  | {
      kind: DeviceProblemKind;
      device: DoctorDevice;
      udev?: { vendorId: number; productId: number };
      /** What exactly is wrong, when the device store knows (a Vial definition's fault). */
      detail?: string;
    }
  | { kind: 'noDefinition'; device: DoctorDevice & { protocol: number; version: 'v2' | 'v3' } }
  | { kind: 'noneAuthorised'; udev?: 'ask' }
  /** On Linux, flashing: the udev rule for the bootloader the flash waits for (a drive needs none). */
  | { kind: 'bootloaderAccess'; bootloader: BootloaderIds }
  | { kind: 'allGood' };

const PROBLEM_ORDER: readonly DeviceProblemKind[] = [
  'cannotOpen',
  'notAnswering',
  'viaDisabled',
  'invalidProtocol',
  'vialDefinition',
];
// A keyboard the browser cannot open or that goes silent is, on Linux, most often missing hidraw permission.
const PERMISSION_PROBLEMS: ReadonlySet<DeviceProblemKind> = new Set(['cannotOpen', 'notAnswering']);

const deviceOf = (d: DoctorDevice): DoctorDevice => ({
  path: d.path,
  productName: d.productName,
  vendorId: d.vendorId,
  productId: d.productId,
  virtual: d.virtual,
});

/**
 * The situations at hand, in the order a person should deal with them: no WebHID, devices that cannot be used
 * (cannot open, stopped answering, VIA disabled, protocol −1), keyboards without a definition, no keyboard
 * authorised; 'allGood' when none applies. Pure: the UI words each finding and offers its next step.
 */
export function diagnose(facts: DoctorFacts): Finding[] {
  const findings: Finding[] = [];
  if (!facts.webHid) findings.push({ kind: 'noWebHid' });
  const problems = [...facts.problems].sort(
    (a, b) => PROBLEM_ORDER.indexOf(a.problem) - PROBLEM_ORDER.indexOf(b.problem),
  );
  for (const p of problems) {
    findings.push({
      kind: p.problem,
      device: deviceOf(p),
      ...(p.detail ? { detail: p.detail } : {}),
      ...(facts.linux && PERMISSION_PROBLEMS.has(p.problem)
        ? { udev: { vendorId: p.vendorId, productId: p.productId } }
        : {}),
    });
  }
  for (const d of facts.devices) {
    if (!d.hasDefinition)
      findings.push({
        kind: 'noDefinition',
        device: { ...deviceOf(d), protocol: d.protocol, version: d.requiredDefinitionVersion },
      });
  }
  if (facts.linux && facts.flashing && facts.flashing.protocol !== 'uf2')
    findings.push({ kind: 'bootloaderAccess', bootloader: facts.flashing });
  const realKeyboards = [...facts.devices, ...facts.problems].filter((d) => !d.virtual).length;
  if (facts.webHid && realKeyboards === 0)
    findings.push({ kind: 'noneAuthorised', ...(facts.linux ? { udev: 'ask' as const } : {}) });
  if (findings.length === 0) findings.push({ kind: 'allGood' });
  return findings;
}
