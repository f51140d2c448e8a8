import { useTranslation } from '../../../i18n/useTranslation.ts';

/** The entries of a feature as tabs (TD 0, TD 1 …), a dot marking the ones in use. */
export function EntryTabs({
  count,
  chosen,
  nameOf,
  labelOf,
  inUse,
  onChoose,
}: {
  count: number;
  chosen: number;
  /** Visible text of a tab (short); `nameOf` is its accessible name. */
  labelOf?(index: number): string;
  nameOf(index: number): string;
  inUse(index: number): boolean;
  onChoose(index: number): void;
}) {
  const { t } = useTranslation('vial');
  return (
    <nav className="submenu submenu-row vial-entries" aria-label={t('entries')}>
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          aria-current={i === chosen}
          onClick={() => onChoose(i)}
          aria-label={inUse(i) ? nameOf(i) : `${nameOf(i)} (${t('empty')})`}
        >
          {labelOf ? labelOf(i) : nameOf(i)}
          {inUse(i) && <span className="vial-in-use" aria-hidden="true" />}
        </button>
      ))}
    </nav>
  );
}
