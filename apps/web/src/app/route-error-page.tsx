import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../components/pages/not-found-page';
import { PageLayout } from '../components/pages/page-layout';
import { ChunkLoadError, isChunkLoadError } from './chunk-load';

/**
 * What a route shows when it fails. A chunk that did not load (SPEC section 8 "Loading chunk
 * failed") gets a reload button: a reload fetches the current release (or uses the cache).
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const chunk = isChunkLoadError(error);
  const detail =
    error instanceof ChunkLoadError
      ? [error.type, error.request].filter(Boolean).join(': ')
      : error instanceof Error
        ? error.message
        : isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : String(error);

  return (
    <PageLayout title={t(chunk ? 'errors.chunk.title' : 'errors.route.title')}>
      <Alert severity="error" sx={{ mb: 2 }} data-testid="route-error">
        <Typography>{t(chunk ? 'errors.chunk.text' : 'errors.route.text')}</Typography>
        {detail && (
          <Typography variant="body2" component="pre" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
            {detail}
          </Typography>
        )}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </PageLayout>
  );
}
