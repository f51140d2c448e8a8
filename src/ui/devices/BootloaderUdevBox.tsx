import { useTranslation } from '../../i18n/useTranslation.ts';
import { BOOTLOADER_NAMES } from '../../bootloaders/flashTargets.ts';
import { bootloaderUdevRule, type BootloaderIds } from '../../formats/udevRule.ts';
import { CopyButton } from '../common/CopyButton.tsx';
import './connection.css';

/**
 * The Linux udev rule for one bootloader (the ids QMK's rules give it, and nothing else), to copy: shown by the
 * connection doctor while a flash is set up, and by the flash dialog when the bootloader cannot be opened.
 */
export function BootloaderUdevBox({ target, titled = true }: { target: BootloaderIds; titled?: boolean }) {
  const { t } = useTranslation('connection');
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
          <CopyButton
            text={rule.text}
            label={t('doctor.bootloader.copy')}
            copiedLabel={t('doctor.bootloader.copied')}
          />
        </>
      ) : (
        <p className="row-hint">{t('doctor.bootloader.none')}</p>
      )}
    </div>
  );
}
