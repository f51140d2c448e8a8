import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOT_TARGETS } from '../../transfer/bootTargets.ts';
import { useAppStores } from '../AppContext.tsx';
import { FlashStatus, LocalFlash } from '../configure/firmware/LocalFlash.tsx';

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
              {target.name} <code>{`${hex(target.usbVendorId)}:${hex(target.usbProductId)}`}</code>
            </li>
          ))}
        </ul>
        <LocalFlash
          key={variant}
          busy={running}
          onChosen={() => runtime.transfers.current?.getState().reset(kind)}
          onFlash={(file) => void flash(file.bytes)}
        />
        <FlashStatus kind={kind} tool={title} running={running} />
      </section>
    </div>
  );
}
