import { useTranslation } from '../../../i18n/useTranslation.ts';

/** The keycode categories as a row of tabs-like buttons (Basic, Media, Macro…), the current one marked. */
export function KeycodeCategoryNav<Id extends string>({
  categories,
  current,
  onPick,
  label,
  className = 'submenu',
}: {
  categories: readonly { id: Id }[];
  current: Id;
  onPick: (id: Id) => void;
  label: string;
  className?: string;
}) {
  const { t } = useTranslation('keycodes');
  return (
    <nav className={className} aria-label={label}>
      {categories.map((c) => (
        <button key={c.id} type="button" aria-current={c.id === current} onClick={() => onPick(c.id)}>
          {t(`category.${c.id}`)}
        </button>
      ))}
    </nav>
  );
}
