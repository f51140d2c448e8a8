import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import '../../common/onDemandParts.css';

/**
 * Every family's sheets in its Save + Load pane: Print keymap (the family's print view, opened here) and the
 * picture of the shown layer (`LayerPictureRow` over the family's keys).
 */
export function KeymapSheets({
  print,
  printHint,
  picture,
}: {
  print(onClose: () => void): ReactNode;
  /** What the print holds, in the family's words ('every layer that is not empty'): every family's row has one. */
  printHint: string;
  picture: ReactNode;
}) {
  const { t } = useTranslation('sheets');
  const [printing, setPrinting] = useState(false);
  return (
    <>
      <div className="row">
        <span className="row-label">
          {t('printKeymap')}
          <span className="row-hint">{printHint}</span>
        </span>
        <button type="button" className="btn" onClick={() => setPrinting(true)}>
          {t('printKeymap')}
        </button>
      </div>
      {picture}
      {printing && print(() => setPrinting(false))}
    </>
  );
}
