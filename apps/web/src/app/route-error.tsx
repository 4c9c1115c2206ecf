import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import styles from './route-error.module.css';

/** The one route-level error boundary. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className={styles.root} role="alert">
      <h1>Something went wrong</h1>
      {detail && <p>{detail}</p>}
      <p>
        <Link to="/">Back to trading</Link> or{' '}
        <button type="button" onClick={() => window.location.reload()}>
          reload the page
        </button>
        .
      </p>
    </div>
  );
}
