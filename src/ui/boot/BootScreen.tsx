import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOT_TARGETS } from '../../transfer/bootTargets.ts';
import { useAppStores } from '../AppContext.tsx';
import { Message } from '../common/Message.tsx';
import { readableError } from '../common/errorText.ts';
import { FlashStatus, LocalFlash } from '../configure/firmware/LocalFlash.tsx';

/**
 * Boot and Boot 2 (extended.md §2): flash a .uf2 file to a device in its bootloader — a 2.4G receiver after
 * 'connect to DFU' — over its serial port. Boot 2 looks for the receivers' alternate boot id.
 */
export default function BootScreen({ variant }: { variant: '/boot' | '/boot2' }) {
  const { t } = useTranslation(['shell', 'hardware']);
  const { runtime } = useAppStores();
  const targets = BOOT_TARGETS[variant];
  const [running, setRunning] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const title = t(variant === '/boot' ? 'shell:menu.boot' : 'shell:menu.boot2');
  const hex = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();

  const flash = async (image: Uint8Array) => {
    setRunning(true);
    setReason(null);
    try {
      await runtime.bulk.flashBoot(image, targets);
    } catch (error) {
      setReason(readableError(error));
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
          busy={running}
          onChosen={() => {
            setReason(null);
            runtime.transfers.getState().reset('boot');
          }}
          onFlash={(image) => void flash(image)}
        />
        <FlashStatus kind="boot" tool={title} running={running} />
        {reason && <Message kind="error">{t('hardware:boot.reason', { reason })}</Message>}
      </section>
    </div>
  );
}
