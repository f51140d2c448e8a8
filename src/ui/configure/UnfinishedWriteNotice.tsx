import { use } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { KeptWriteFaults } from '../../state/unfinishedWriteCheck.ts';
import '../common/onDemandParts.css';

/**
 * A write that did not finish on the keyboard shown (this page's, or one found again after an unplug or a
 * reload), named on every other pane, with the way to the pane that offers Retry and the way back.
 */
export function UnfinishedWriteNotice({
  faults,
  owner,
  pane,
  onOpen,
}: {
  faults: KeptWriteFaults;
  /** The keyboard shown (vendor/product id). */
  owner: number;
  /** The pane shown: the one that names the write itself needs no notice. */
  pane: string;
  onOpen(pane: 'saveLoad' | 'macros'): void;
}) {
  const { t } = useTranslation('safety');
  const where = useStore(use(faults.load()), (s) =>
    s.owner !== owner ? null : s.layout ? 'saveLoad' : s.macros ? 'macros' : null,
  );
  if (!where || where === pane) return null;
  return (
    <div role="status" className="form-error" data-testid="unfinished-write">
      <p>{t(where === 'saveLoad' ? 'unfinished.layout' : 'unfinished.macros')}</p>
      <button type="button" className="btn" onClick={() => onOpen(where)}>
        {t(where === 'saveLoad' ? 'unfinished.openSaveLoad' : 'unfinished.openMacros')}
      </button>
    </div>
  );
}
