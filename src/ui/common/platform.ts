/** Linux, where the browser may open a keyboard only when its hidraw node allows it (udev rules). */
export function isLinuxPlatform(): boolean {
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  const platform = data?.platform ?? navigator.platform ?? '';
  // Android reports Linux too, but has no WebHID and no udev to edit.
  return /linux/i.test(platform) && !/android/i.test(navigator.userAgent);
}

/** macOS, where the vendor's serial driver has an issue some keyboards work around (extended.md §5). */
export function isMacPlatform(): boolean {
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return /mac/i.test(data?.platform ?? navigator.platform ?? '');
}
