import LinearProgress from '@mui/material/LinearProgress';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../app/chunk-load';
import { PageLayout } from '../../components/pages/page-layout';
import { usePainted } from '../../lib/dom/after-paint';
import { loadDomain } from '../../lib/domain-stages/load-domain';

/**
 * The list with the domain's rules it needs (permissions, workflow, year lists) is a chunk of
 * its own, asked for once the title has painted (issue 18: on a slow phone the screen stayed on
 * the spinner until all of it had loaded and run; its largest paint, the title, came at 4.3 s),
 * after the domain's modules have been evaluated in steps (`loadDomain`), not in one long task
 * with the list's.
 */
const AuditMatrixContent = lazyComponent(
  () => loadDomain().then(() => import('./audit-matrix-content')),
  (m) => m.AuditMatrixContent,
  { firstScreen: true },
);

/** /auditmatrix, the audit programme (SPEC section 2 "Audit matrix"). */
export function AuditMatrixPage() {
  const { t } = useTranslation();
  const painted = usePainted();
  const loading = <LinearProgress aria-label={t('list.loading')} />;
  return (
    <PageLayout title={t('auditMatrix.title')}>
      {painted ? (
        <Suspense fallback={loading}>
          <AuditMatrixContent />
        </Suspense>
      ) : (
        loading
      )}
    </PageLayout>
  );
}
