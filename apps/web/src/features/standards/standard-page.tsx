import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { STANDARDS_COLLECTION } from '@qa/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLayout } from '../../components/pages/page-layout';
import { PageSpinner } from '../../components/pages/page-spinner';
import { useLanguage } from '../../lib/i18n/use-language';
import { SyncStateIcon } from '../../lib/sync/sync-state-icon';
import { useDocument } from '../../lib/sync/use-document';
import { standardRow } from './standard-document';

/** /standard/:standardId: name, description and chapter list of one standard (SPEC section 2). */
export function StandardPage() {
  const { t } = useTranslation();
  const { standardId } = useParams();
  const { language } = useLanguage();
  const { document, loading } = useDocument(STANDARDS_COLLECTION, standardId);
  if (loading) return <PageSpinner label={t('standards.loading')} />;
  if (!document || !standardId) {
    return (
      <PageLayout title={t('standards.notFoundTitle')}>
        <Typography data-testid="standard-not-found">{t('standards.notFound')}</Typography>
      </PageLayout>
    );
  }
  const standard = standardRow(standardId, document.data, language);
  return (
    <PageLayout title={standard.name}>
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 1, mb: 1 }}>
        <SyncStateIcon state={document.state} />
        {t('standards.idLabel', { id: standard.id })}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="standard-description">
        {standard.description}
      </Typography>
      <Typography variant="h6" component="h2">
        {t('standards.chapters')}
      </Typography>
      <List dense data-testid="standard-chapters">
        {standard.chapters.map((chapter) => (
          <ListItem key={chapter.id} disableGutters>
            <ListItemText primary={`${chapter.id} ${chapter.description}`} />
          </ListItem>
        ))}
      </List>
    </PageLayout>
  );
}
