import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../components/pages/page-layout';
import { QueryProgress } from '../../lib/sync/query-progress';
import { MeasureList } from './measure-list';
import { useMeasures } from './use-measures';

/**
 * /measures (SPEC section 2 "Measures list", issue 12.3), and with an id (/measures/{id},
 * /measure/{id}) the measure's dialog over it.
 */
export function MeasuresPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { measures, loading, progress } = useMeasures();
  return (
    <PageLayout title={t('measures.title')}>
      <QueryProgress progress={progress} />
      <MeasureList
        measures={measures}
        loading={loading}
        listKey="measures"
        label={t('measures.title')}
        openId={id}
        onOpenedClose={() => void navigate('/measures')}
      />
    </PageLayout>
  );
}
