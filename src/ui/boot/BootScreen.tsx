import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { familyName, UF2_FAMILY, type Uf2Image } from '../../formats/uf2.ts';
import { BOOT_TARGETS, bootImageProblem } from '../../bootloaders/bootTargets.ts';
import { useAppStores } from '../AppContext.tsx';
import { FlashStatus, LocalFlash } from '../configure/firmware/LocalFlash.tsx';
import '../common/onDemandParts.css';

/**
 * Boot and Boot 2 (extended.md §2): flash a .uf2 file to a device in its bootloader — a 2.4G receiver after
 * 'connect to DFU' — over its serial port. Boot 2 looks for the receivers' alternate boot id. Each screen has
 * its own transfer state ('boot', 'boot2'), so one's outcome never shows on the other.
 */
export default function BootScreen({ variant }: { variant: '/boot' | '/boot2' }) {
  const { t } = useTranslation(['shell', 'hardware']);
  const { runtime } = useAppStores();
  const targets = BOOT_TARGETS[variant];
  const kind = variant === '/boot' ? 'boot' : 'boot2';
  const [running, setRunning] = useState(false);
  const title = t(variant === '/boot' ? 'shell:menu.boot' : 'shell:menu.boot2');
  const hex = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();

  // Only an image built for the receivers' chip is flashed: a keyboard's own image is the likely mistake.
  const check = (image: Uf2Image) => {
    const problem = bootImageProblem(image, targets);
    if (!problem) return null;
    if (problem.kind === 'noFamily') return t('hardware:boot.noFamily', { expected: problem.expected });
    const words =
      problem.family === UF2_FAMILY.RP2040 ? 'hardware:boot.keyboardImage' : 'hardware:boot.otherDevice';
    return t(words, { chip: problem.chip, expected: problem.expected });
  };

  const flash = async (image: Uint8Array) => {
    setRunning(true);
    try {
      await runtime.bulk.flashBoot(image, targets, kind);
    } catch {
      // The transfer store holds the failure and where it left the device; FlashStatus shows it.
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="screen">
      <h1>{title}</h1>
      <section className="card firmware-pane" aria-label={title}>
        <p>{t('hardware:boot.intro')}</p>
        <ul className="boot-targets" aria-label={t('hardware:boot.targets')}>
          {targets.map((target) => (
            <li key={target.usbProductId}>
              {target.name} <code>{`${hex(target.usbVendorId)}:${hex(target.usbProductId)}`}</code>,{' '}
              {t('hardware:boot.chip', { chip: familyName(target.familyId) })}
            </li>
          ))}
        </ul>
        <LocalFlash
          key={variant}
          busy={running}
          check={check}
          onChosen={() => runtime.transfers.current?.getState().reset(kind)}
          onFlash={(file) => void flash(file.bytes)}
        />
        <FlashStatus kind={kind} tool={title} running={running} />
      </section>
    </div>
  );
}
