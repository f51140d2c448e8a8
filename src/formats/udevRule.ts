/**
 * A Linux udev rule that lets the person signed in at the seat open ONE keyboard's hidraw node, so a browser can
 * reach it over WebHID. Scoped to the keyboard's USB vendor and product id: a rule for every hidraw device would
 * hand every HID gadget (security keys included) to any program the user runs.
 *
 * `TAG+="uaccess"` is applied by systemd-logind's seat rules (73-seat-late.rules), so the file must sort before
 * 73: it is named `70-keyloom-<vid>-<pid>.rules`.
 */
export interface UdevRule {
  /** Where to save the rule. */
  path: string;
  /** The file's text (a comment line, then the rule). */
  text: string;
  /** Commands that load the rule without a reboot (then unplug and replug the keyboard). */
  reload: string;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** Throws RangeError unless both ids are USB ids (integers 0–0xFFFF); 0000:0000 is no keyboard at all. */
export function udevRule(vendorId: number, productId: number): UdevRule {
  const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= 0xffff;
  if (!valid(vendorId) || !valid(productId) || (vendorId === 0 && productId === 0))
    throw new RangeError('A udev rule needs the keyboard’s vendor and product id (0000–FFFF each)');
  const vid = hex4(vendorId);
  const pid = hex4(productId);
  return {
    path: `/etc/udev/rules.d/70-keyloom-${vid}-${pid}.rules`,
    text:
      `# Keyloom: let the signed-in user open this keyboard (${vid.toUpperCase()}:${pid.toUpperCase()}) over WebHID\n` +
      `KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="${vid}", ATTRS{idProduct}=="${pid}", TAG+="uaccess"\n`,
    reload: 'sudo udevadm control --reload-rules && sudo udevadm trigger',
  };
}

/** Reads an id typed as `FEED`, `feed`, `0xFEED`; null when it is not 1–4 hex digits. */
export function parseUsbId(text: string): number | null {
  const m = /^\s*(?:0x)?([0-9a-f]{1,4})\s*$/i.exec(text);
  return m ? parseInt(m[1]!, 16) : null;
}

/** The bootloader a udev rule is for: how it is reached, and the ids it enumerates with. */
export interface BootloaderIds {
  /** QMK's `BOOTLOADER =` value (the file is named after it). */
  bootloader: string;
  protocol: 'dfuse' | 'atmel-dfu' | 'avr109' | 'halfkay' | 'uf2';
  usb: readonly { vendorId: number; productId: number }[];
}

/**
 * Linux udev rules that let the signed-in user open ONE bootloader's device nodes, so the browser can flash it:
 * the USB device for DFU (WebUSB), the tty for Caterina (Web Serial; ModemManager told to leave it alone while
 * it waits, as QMK's rules do), the hidraw node for HalfKay (WebHID); one line per id the bootloader uses. Null
 * for a drive (the desktop mounts it; the browser writes a file). Named to sort before logind's 73 (uaccess).
 */
export function bootloaderUdevRule(target: BootloaderIds): UdevRule | null {
  if (target.protocol === 'uf2' || target.usb.length === 0) return null;
  const match = ({ vendorId, productId }: { vendorId: number; productId: number }) =>
    `ATTRS{idVendor}=="${hex4(vendorId)}", ATTRS{idProduct}=="${hex4(productId)}"`;
  const line = (id: { vendorId: number; productId: number }) => {
    if (target.protocol === 'avr109')
      return `SUBSYSTEMS=="usb", SUBSYSTEM=="tty", ${match(id)}, ENV{ID_MM_DEVICE_IGNORE}="1", TAG+="uaccess"`;
    if (target.protocol === 'halfkay')
      return `KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ${match(id)}, TAG+="uaccess"`;
    return `SUBSYSTEM=="usb", ${match(id).replace(/ATTRS/g, 'ATTR')}, TAG+="uaccess"`;
  };
  const name = target.bootloader.replace(/[^a-z0-9-]/gi, '');
  return {
    path: `/etc/udev/rules.d/70-keyloom-${name}.rules`,
    text:
      `# Keyloom: let the signed-in user flash a keyboard in its ${target.bootloader} bootloader\n` +
      target.usb.map(line).join('\n') +
      '\n',
    reload: 'sudo udevadm control --reload-rules && sudo udevadm trigger',
  };
}
