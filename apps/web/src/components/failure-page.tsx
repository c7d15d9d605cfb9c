import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './failure-page.css';

interface FailurePageProps {
  title: string;
  message: string;
  /** Offers a link to the home page beside Reload: for a page that failed inside the signed-in app. */
  offerHome?: boolean;
}

/**
 * A whole page saying the portal cannot go on: its configuration is unusable, or a part of it
 * failed to load or to render (docs/product/qualities.md §2). Plain markup and CSS, like the page
 * spinner: it shows where MUI, the router or the sign-in widget may be what failed to load, so it
 * must come with the first bundle. Reload starts the page afresh, which fetches the files of the
 * release now deployed.
 */
export function FailurePage({ title, message, offerHome = false }: FailurePageProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <main className="failure-page">
      <title>{`${title} · ${t('appName')}`}</title>
      <section aria-labelledby={titleId}>
        <div className="failure-page-icon" aria-hidden>
          <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="9.5" />
            <path d="M12 7v6" strokeLinecap="round" />
            <circle cx="12" cy="16.5" r="0.6" fill="currentColor" />
          </svg>
        </div>
        <h1 id={titleId}>{title}</h1>
        <p>{message}</p>
        <div className="failure-page-actions">
          <button
            type="button"
            onClick={() => {
              window.location.reload();
            }}
          >
            {t('reload')}
          </button>
          {offerHome && <a href="/">{t('goHome')}</a>}
        </div>
      </section>
    </main>
  );
}
