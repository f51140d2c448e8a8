// What the top bar gives the keyboard badge (KeyboardBadge.tsx) and the menu it loads on demand.

export interface BadgeDevice {
  path: string;
  name: string;
  /** Shown under the name, e.g. 'Virtual · VIA protocol 12'. */
  detail?: string;
  /** A ZMK keyboard's connection, worded by the list (its strings load with it). */
  zmk?: 'virtual' | 'serial' | 'bluetooth';
  /** What is wrong, e.g. 'FEED:0001 · no definition'; also shown in the badge while selected. */
  note?: string;
}

export interface KeyboardBadgeProps {
  devices: readonly BadgeDevice[];
  selectedPath: string | null;
  onSelect(path: string): void;
  /** Opens the browser's device chooser; absent where authorising is impossible (no WebHID). */
  onAuthorizeNew?: () => void;
  /** Offers a virtual keyboard from the list, for people with no keyboard at hand. */
  onTryVirtual?: () => void;
  /** Connects a ZMK keyboard over USB serial or Bluetooth. */
  onConnectZmk?: () => void;
  /** Present when the selected keyboard is virtual: pulls its (virtual) cable. */
  onUnplugSelected?: () => void;
  /** Present when the selected keyboard is virtual: restores its factory EEPROM. */
  onResetSelected?: () => void;
  /** Devices that cannot be used (listed so they are never dropped in silence); choosing one opens the doctor. */
  problems?: readonly BadgeDevice[];
  /** Opens the connection doctor. */
  onDoctor?: () => void;
}
