import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { RichText } from '@/i18n/rich-text';
import styles from './route-error.module.css';

/** The one route-level error boundary. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className={styles.root} role="alert">
      <h1>{t('somethingWentWrong')}</h1>
      {detail && <p>{detail}</p>}
      <p>
        <RichText
          text={t('routeError.next')}
          parts={{
            home: (c) => <Link to="/">{c}</Link>,
            reload: (c) => (
              <button type="button" onClick={() => window.location.reload()}>
                {c}
              </button>
            ),
          }}
        />
      </p>
    </div>
  );
}
