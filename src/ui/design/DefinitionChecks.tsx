import { useTranslation } from '../../i18n/useTranslation.ts';
import type { ServedDefinition } from '../../definitions/compile.ts';
import { definitionWarnings, type DefinitionWarning } from '../../definitions/warnings.ts';

/** The maker's mistakes that still load (definitions/warnings.ts), listed under the shown draft. */
export function DefinitionChecks({ definition }: { definition: ServedDefinition }) {
  const { t } = useTranslation('design');
  const warnings = definitionWarnings(definition);
  if (warnings.length === 0) return null;
  const text = (w: DefinitionWarning) => {
    const where = 'option' in w && w.option ? t('checks.where', { ...w.option }) : '';
    return t(`checks.${w.kind}`, { ...w, where });
  };
  return (
    <section className="design-checks" aria-labelledby="design-checks-title">
      <h2 id="design-checks-title" className="design-checks-title">
        {t('checks.title', { count: warnings.length })}
      </h2>
      <p className="row-hint">{t('checks.hint')}</p>
      <ul>
        {warnings.map((w, i) => (
          <li key={i}>{text(w)}</li>
        ))}
      </ul>
    </section>
  );
}
