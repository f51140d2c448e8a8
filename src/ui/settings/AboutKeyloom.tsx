import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { Credits, SourceArchiveFacts } from '../../formats/creditsFile.ts';
import { formatBytes } from '../../formats/size.ts';
import { Message } from '../common/Message.tsx';
import { creditsFile } from './creditsFile.ts';
import '../common/onDemandParts.css';
import './about.css';

/**
 * Settings → About: the version, licence and source archive of this build, and every npm package it ships
 * with the licence it ships under, all from the build's own credits file (never a hand-kept list); each licence
 * text opens on demand.
 */
export function AboutKeyloom() {
  const { t } = useTranslation('settings');
  const credits = useSyncExternalStore(creditsFile.subscribe, () => creditsFile.current);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(() => {
    setFailure(null);
    creditsFile
      .load()
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, []);
  useEffect(() => {
    if (!creditsFile.ready) load();
  }, [load]);

  return (
    <section className="card about" aria-labelledby="settings-about">
      <h2 id="settings-about" style={{ marginTop: 0 }}>
        {t('about.title')}
      </h2>
      {credits ? (
        <CreditsView credits={credits} />
      ) : failure ? (
        <>
          <Message kind="error">{t('about.unavailable', { reason: failure })}</Message>
          <button type="button" className="btn btn-sm" onClick={load}>
            {t('about.retry')}
          </button>
        </>
      ) : (
        <p role="status">{t('about.loading')}</p>
      )}
    </section>
  );
}

function CreditsView({ credits: { app, packages, texts } }: { credits: Credits }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <dl className="about-facts">
        <dt>{t('about.version')}</dt>
        <dd data-testid="about-version">{app.version}</dd>
        <dt>{t('about.licence')}</dt>
        <dd>
          {app.licence}
          <LicenceText text={texts[app.text]!} of={app.name} />
        </dd>
        <dt>{t('about.source')}</dt>
        <dd>
          <SourceArchiveLink source={app.source} />
        </dd>
      </dl>
      <p className="row-hint">{t('about.notice')}</p>
      <h3 id="settings-credits">{t('about.packagesTitle', { number: packages.length })}</h3>
      <p className="row-hint">{t('about.packagesIntro')}</p>
      <ul className="about-packages" aria-labelledby="settings-credits">
        {packages.map((p) => (
          <li key={`${p.name}@${p.version}`}>
            <span className="about-package">
              {p.source ? (
                <a href={p.source} target="_blank" rel="noopener noreferrer">
                  {p.name}
                </a>
              ) : (
                <span>{p.name}</span>
              )}{' '}
              <span className="mono">{p.version}</span>
            </span>
            <span className="about-licence">{p.licence}</span>
            {p.text === null ? (
              <span className="row-hint">{t('about.noText')}</span>
            ) : (
              <LicenceText text={texts[p.text]!} of={`${p.name} ${p.version}`} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The corresponding source of this very build (issue 42.5): the archive the build wrote beside the page, with
 * its size, so a visitor knows what a click downloads. Relative to the page wherever the app is hosted.
 */
function SourceArchiveLink({ source }: { source: SourceArchiveFacts | null }) {
  const { t } = useTranslation('settings');
  if (!source) return <span className="row-hint">{t('about.noSourceArchive')}</span>;
  const size = formatBytes(source.bytes);
  return (
    <>
      <a href={new URL(source.file, document.baseURI).href} download={source.file}>
        {t('about.sourceArchive')}
      </a>{' '}
      <span className="row-hint" data-testid="about-source-facts">
        (
        {source.commit
          ? t('about.sourceArchiveFacts', { size, commit: source.commit.slice(0, 12) })
          : t('about.sourceArchiveFactsNoCommit', { size })}
        )
      </span>
    </>
  );
}

/** A licence text behind a disclosure; the text enters the page only once opened (some are 35 kB). */
function LicenceText({ text, of }: { text: string; of: string }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  return (
    <details className="about-text" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {t('about.licenceText')}
        <span className="visually-hidden"> ({of})</span>
      </summary>
      {open && (
        // Focusable, so the keyboard can scroll a long text.
        <pre tabIndex={0} aria-label={t('about.licenceTextOf', { name: of })}>
          {text}
        </pre>
      )}
    </details>
  );
}
