import type { ZmkBehavior } from './behavior.ts';
import type { ZmkTitleWords } from './bindingLabel.ts';
import type { ZmkFailure } from './errors.ts';

/**
 * The app's strings as the core takes them (i18n's `TFunction`): a message by key, its values placed. The core
 * words nothing itself: these helpers choose the keys of the zmk namespace (a caller's `t` whose default namespace
 * is zmk) and the values placed.
 */
export type TFunction = (
  key: string,
  values?: { [name: string]: unknown; count?: number | string; defaultValue?: string },
) => string;

/** A firmware-given name as a key of the string tables: 'Key Press' → key_press. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/**
 * A behavior's name in the user's language: ZMK's own display names (the devicetree's English words, as the
 * firmware reports them) are translated; a name of the user's own keymap is shown as the firmware gives it.
 */
export function zmkBehaviorName(t: TFunction, name: string): string {
  return slug(name) ? t(`behaviorName.${slug(name)}`, { defaultValue: name }) : name;
}

/** ZMK's names in the titles of drawn keys (`bindingLabel`), in the user's language. */
export const zmkTitleWords = (t: TFunction): ZmkTitleWords => ({
  behavior: (name) => zmkBehaviorName(t, name),
  command: (name) => zmkParamName(t, name),
  removedLayer: (name) => t('removedLayerTitle', { name }),
});

/**
 * A behavior's name in the list (ZMK's own in the user's language), with its id when another behavior has the
 * same name (else they look alike).
 */
export function zmkBehaviorOptionName(
  t: TFunction,
  b: ZmkBehavior,
  behaviors: readonly ZmkBehavior[],
): string {
  if (!b.displayName) return `#${b.id}`;
  const name = zmkBehaviorName(t, b.displayName);
  const twice = behaviors.some((o) => o !== b && o.displayName === b.displayName);
  return twice ? `${name} (#${b.id})` : name;
}

/** A parameter's or command's name (ZMK's "Key", "Layer", "Select Profile" …) in the user's language. */
export function zmkParamName(t: TFunction, name: string): string {
  return slug(name) ? t(`paramName.${slug(name)}`, { defaultValue: name }) : name;
}

/** A parameter's label: its own name from the firmware, else its kind's ("Key", "Layer", "Number"). */
export const zmkParamLabel = (t: TFunction, editor: { kind: string; label?: string | undefined }) =>
  editor.label ? zmkParamName(t, editor.label) : t(`paramKinds.${editor.kind}`);

/**
 * The connection under the keyboard's name in the user's language: the transports' labels ('USB serial
 * 1d50:615e', 'Bluetooth: Corne', 'Virtual: Keyloom Split 42') are English, for logs.
 */
export function zmkConnectionText(t: TFunction, label: string): string {
  const usb = /^USB serial\s*(.*)$/.exec(label);
  if (usb) return t('connection.usbSerial', { ids: usb[1] }).trim();
  const bluetooth = /^Bluetooth: (.*)$/.exec(label);
  if (bluetooth) return t('connection.bluetooth', { name: bluetooth[1] });
  const virtual = /^Virtual: (.*)$/.exec(label);
  if (virtual) return t('connection.virtual', { name: virtual[1] });
  return label;
}

/** A request's name (keymap.getKeymap → "Reading the keymap") in the user's language. */
export const zmkRequestName = (t: TFunction, name: string) => t(`request.${name}`, { defaultValue: name });

/** The last request that failed, in the user's language by its code, with what Keyloom did about it. */
export function zmkFailureText(t: TFunction, failure: ZmkFailure): string {
  const { over } = failure;
  const what = over
    ? t('error.overLimit', {
        what: t(`limit.${over.what}`, { defaultValue: over.what }),
        value: over.value.toLocaleString(),
        limit: over.limit.toLocaleString(),
      })
    : t(`error.${failure.code}`);
  const key = failure.key ? ` ${t('failure.keyBack', { position: failure.key.position })}` : '';
  return `${what}${key}${failure.reread ? ` ${t('failure.reread')}` : ''}`;
}
