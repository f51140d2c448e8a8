import { type TFunction, useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { LayoutFault, WriteFaults } from '../../../state/writeFaults.ts';
import '../../common/onDemandParts.css';

/** The state a stopped layout write left the keyboard in, in words (what was written, where it stopped). */
export function describeLayoutFault(t: TFunction, fault: LayoutFault): string[] {
  const p = fault.error.progress();
  const message = fault.locked ? t('locked.refused') : fault.error.message;
  const lines = [t(`layout.kind.${fault.kind}`)];
  // What was confirmed written, each part with its total so the rest is plain ("1 of 2 keymap blocks").
  const parts = [
    ...(p.macros === 'written' ? [t('layout.macrosPart')] : []),
    ...(p.keymapWritten > 0 ? [t('layout.keymapPart', { done: p.keymapWritten, total: p.keymapTotal })] : []),
    ...(p.encodersWritten > 0
      ? [t('layout.encoderPart', { done: p.encodersWritten, total: p.encodersTotal })]
      : []),
  ];
  const anythingWritten = p.macros === 'written' || p.keymapWritten > 0 || p.encodersWritten > 0;
  if (p.stoppedAt === 'readBack' && fault.error.pending.length === 0)
    lines.push(t('layout.stoppedAt.readBack', { message }));
  else if (p.stoppedAt === 'readBack') lines.push(t('layout.allWritten', { message }));
  else {
    lines.push(
      anythingWritten
        ? t('layout.partly', { parts: parts.join(t('layout.and')) })
        : t('layout.nothingConfirmed'),
    );
    lines.push(t(`layout.stoppedAt.${p.stoppedAt}`, { message, block: p.keymapWritten + 1 }));
  }
  if (p.macros === 'partial' && fault.error.macroPhase !== 'flag') lines.push(t('layout.macrosOff'));
  if (fault.resumed) lines.push(t('recorded'));
  return lines;
}

/** Shown while a layout write is unfinished: what the keyboard holds, Retry, and Restore in one click. */
export function LayoutFaultPanel({
  faults,
  owner,
  busy,
  onRetry,
  onRestore,
}: {
  faults: WriteFaults;
  /** The keyboard shown (vendor/product id): a fault about another one is not its business. */
  owner: number;
  busy: boolean;
  onRetry(): void;
  onRestore(): void;
}) {
  const { t } = useTranslation('safety');
  const fault = useStore(faults, (s) => (s.owner === owner ? s.layout : null));
  if (!fault) return null;
  return (
    <div role="alert" className="form-error" data-testid="layout-fault">
      {describeLayoutFault(t, fault).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onRetry}>
          {t('layout.retry')}
        </button>
        {fault.kind !== 'restore' && (
          <button type="button" className="btn" disabled={busy} onClick={onRestore}>
            {t('layout.restore')}
          </button>
        )}
      </div>
    </div>
  );
}
