import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOTLOADER_NAMES } from '../../flash/flashTargets.ts';
import { bootloaderUdevRule, type BootloaderIds } from '../../formats/udevRule.ts';
import './connection.css';

/**
 * The Linux udev rule for one bootloader (the ids QMK's rules give it, and nothing else), to copy: shown by the
 * connection doctor while a flash is set up, and by the flash dialog when the bootloader cannot be opened.
 */
export function BootloaderUdevBox({ target, titled = true }: { target: BootloaderIds; titled?: boolean }) {
  const { t } = useTranslation('connection');
  const [copied, setCopied] = useState(false);
  const rule = bootloaderUdevRule(target);
  return (
    <div className="udev flash-udev" data-testid="bootloader-udev-rule">
      {titled && (
        <h4>
          {t('doctor.bootloader.title', {
            bootloader: BOOTLOADER_NAMES[target.bootloader] ?? target.bootloader,
          })}
        </h4>
      )}
      {rule ? (
        <>
          <p className="row-hint">{t('doctor.bootloader.body', { path: rule.path })}</p>
          <pre className="udev-rule">{rule.text}</pre>
          <pre className="udev-rule">{rule.reload}</pre>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(rule.text)
                .then(() => setCopied(true))
                .catch(() => setCopied(false))
            }
          >
            {copied ? t('doctor.bootloader.copied') : t('doctor.bootloader.copy')}
          </button>
        </>
      ) : (
        <p className="row-hint">{t('doctor.bootloader.none')}</p>
      )}
    </div>
  );
}
