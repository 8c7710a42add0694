import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import ListAltIcon from '@mui/icons-material/ListAlt';
import SettingsIcon from '@mui/icons-material/Settings';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AUDITS_COLLECTION,
  TEMPLATES_COLLECTION,
  can,
  isVdaAudit,
  questionCategories,
  resolveWorkflowStatus,
  updateTemplateCommand,
} from '@qa/domain';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { lazyComponent } from '../../app/chunk-load';
import { ListMoreActions } from '../../components/list/list-more-actions';
import type { ListMenuAction } from '../../components/list/list-types';
import { PageLayout } from '../../components/pages/page-layout';
import { PageSpinner } from '../../components/pages/page-spinner';
import { NavigationProgressBar } from '../../components/shell/navigation-progress';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAdminView } from '../../lib/routing/use-admin-view';
import { usePerson } from '../../lib/session/session-provider';
import { SyncStateIcon } from '../../lib/sync/sync-state-icon';
import { useDocument } from '../../lib/sync/use-document';
import { useQuery } from '../../lib/sync/use-query';
import { displayValue } from '../audits/audit-document';
import { optionLabel } from '../audits/audit-matrix-rows';
import { auditWorkflow, workflowLabel } from '../audits/audit-workflow-labels';
import { EVALUATION_SCHEMA_LABEL_KEYS } from '../audits/vda-setup-model';
import { AuditItemImportDialog } from '../audits/preparation/audit-item-import-dialog';
import {
  auditStandardIds,
  useAuditStandards,
  usePreparationConfig,
} from '../audits/preparation/use-preparation-config';
import { personLabel, usePeople } from '../people/use-people';
import { TemplateDeleteDialog } from './template-delete-dialog';
import { TemplateDialog } from './template-dialog';
import { templateEvaluationOf, templateUseOf } from './template-model';

/** Loaded when first opened: the catalogue's questions are not part of a first load. */
const TemplateCatalogueDialog = lazyComponent(
  () => import('./template-catalogue-dialog'),
  (m) => m.TemplateCatalogueDialog,
);

type Open = 'none' | 'edit' | 'delete' | 'import' | 'catalogue';

/**
 * /templates/:templateId (SPEC section 2 "Template page"): the header (scope, standard, process,
 * creator, tags, version, evaluation schema and a VDA template's process steps, edit), the way to its items, the audits prepared from it and, only in
 * the admin view (`?admin`), the more menu: delete, settings (the template's only settings are its
 * metadata, so it opens the metadata dialog, as edit does), CSV import of items, the question
 * catalogue.
 */
export function TemplatePage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const person = usePerson();
  const adminView = useAdminView();
  const { templateId } = useParams();
  const { document: template, loading } = useDocument(TEMPLATES_COLLECTION, templateId);
  const people = usePeople();
  const auditConfig = useConfigSegment('audit');
  const config = usePreparationConfig();
  const data = template?.data;
  const standardIds = useMemo(() => auditStandardIds(data?.standard), [data]);
  const { standards } = useAuditStandards(standardIds);
  const { documents: audits } = useQuery(
    templateId
      ? {
          collection: AUDITS_COLLECTION,
          filters: [{ path: ['preparedFrom', 'templateId'], op: '==', value: templateId }],
        }
      : null,
  );
  const { document: workflowDoc } = useDocument('configuration', 'workflow');
  const [open, setOpen] = useState<Open>('none');
  const [dialogKey, setDialogKey] = useState(0);
  const show = (next: Open) => {
    setDialogKey(Date.now());
    setOpen(next);
  };
  const mayEdit = can(person?.roles ?? [], updateTemplateCommand.action ?? 'template.update');

  if (loading) return <PageSpinner label={t('templates.loading')} />;
  if (!template || !templateId || !data) {
    return (
      <PageLayout title={t('templates.notFoundTitle')}>
        <Typography data-testid="template-not-found">{t('templates.notFound')}</Typography>
      </PageLayout>
    );
  }

  const name = typeof data.name === 'string' && data.name !== '' ? data.name : templateId;
  const standardText = standardIds
    .map((id) => standards.find((standard) => standard.id === id)?.name ?? id)
    .join(', ');
  const creator = typeof data.created_by === 'string' ? data.created_by : '';
  const version = typeof data.version === 'number' ? data.version : 1;
  const tags = Array.isArray(data.tags)
    ? data.tags.filter((tag): tag is string => typeof tag === 'string')
    : [];
  const type = typeof data.type === 'string' ? data.type : '';
  const auditedBy = typeof data.audited_by === 'string' ? data.audited_by : '';
  const workflow = auditWorkflow(workflowDoc?.data);
  const statusText = (status: string) => {
    const resolved = resolveWorkflowStatus(workflow, status, 'audit');
    return resolved.status
      ? workflowLabel(resolved.status.id, resolved.status.description, language)
      : resolved.display;
  };
  // How audits prepared from it are evaluated: the schema, and a VDA template's process steps.
  const evaluation = templateEvaluationOf(data);
  const schemaLabel = (id: string) => {
    const key = EVALUATION_SCHEMA_LABEL_KEYS[id];
    return key ? t(key) : id;
  };
  const uses = audits
    .map((doc) => templateUseOf(doc.id, doc.data))
    .sort((a, b) => a.name.localeCompare(b.name, language));

  const facts: (readonly [string, string])[] = [
    [t('templates.header.standard'), standardText],
    [t('templates.header.type'), type && optionLabel(auditConfig.types, type, language)],
    [
      t('templates.header.auditedBy'),
      auditedBy && optionLabel(auditConfig.parties, auditedBy, language),
    ],
    [t('templates.header.scope'), displayValue(data.scope)],
    [t('templates.header.process'), displayValue(data.process)],
    [t('templates.header.creator'), creator && personLabel(people.byId, creator, t)],
    [t('templates.header.version'), String(version)],
    [t('vdaSetup.schema.label'), schemaLabel(evaluation.calcSchema)],
    ...(evaluation.processSteps === null
      ? []
      : [[t('templates.header.processSteps'), evaluation.processSteps.join(', ')] as const]),
  ];

  const moreActions: ListMenuAction[] = [
    {
      id: 'settings',
      label: t('templates.settings'),
      icon: <SettingsIcon fontSize="small" />,
      onClick: () => show('edit'),
      disabled: !mayEdit,
      testId: 'template-settings',
    },
    {
      id: 'import',
      label: t('templates.importItems'),
      icon: <UploadFileIcon fontSize="small" />,
      onClick: () => show('import'),
      disabled: !mayEdit,
      testId: 'template-import-items',
    },
    {
      id: 'catalogue',
      label: t('templates.importCatalogue'),
      icon: <LibraryAddIcon fontSize="small" />,
      onClick: () => show('catalogue'),
      disabled: !mayEdit,
      testId: 'template-import-catalogue',
    },
    {
      id: 'delete',
      label: t('templates.deleteTemplate'),
      icon: <DeleteIcon fontSize="small" />,
      onClick: () => show('delete'),
      disabled: !can(person?.roles ?? [], 'template.delete'),
      danger: true,
      testId: 'template-delete',
    },
  ];

  return (
    <PageLayout title={name}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
      >
        <SyncStateIcon state={template.state} size="small" />
        <Box sx={{ flex: 1 }} />
        {mayEdit && (
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            onClick={() => show('edit')}
            data-testid="template-edit"
          >
            {t('templates.editTemplate')}
          </Button>
        )}
        {adminView && (
          <ListMoreActions
            actions={moreActions}
            label={t('templates.moreActions')}
            testId="template-more"
          />
        )}
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 1 },
          m: 0,
          mb: 2,
        }}
        aria-label={t('templates.detailTitle')}
        data-testid="template-header"
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              variant="body2"
              color="text.secondary"
              sx={{ mt: { xs: 1, sm: 0 } }}
            >
              {label}
            </Typography>
            <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value || t('templates.header.empty')}
            </Typography>
          </Box>
        ))}
        <Typography
          component="dt"
          variant="body2"
          color="text.secondary"
          sx={{ mt: { xs: 1, sm: 0 } }}
        >
          {t('templates.header.tags')}
        </Typography>
        <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {tags.length === 0
            ? t('templates.header.empty')
            : tags.map((tag) => <Chip key={tag} size="small" label={tag} />)}
        </Box>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 3 }}>
        <Button
          component={RouterLink}
          to={`/templates/${encodeURIComponent(templateId)}/templatepreparation`}
          variant="contained"
          startIcon={<ListAltIcon />}
          data-testid="template-open-items"
        >
          {t('templates.openItems')}
        </Button>
        {mayEdit && (
          <Button
            variant="outlined"
            startIcon={<LibraryAddIcon />}
            onClick={() => show('catalogue')}
            data-testid="template-catalogue-open"
          >
            {t('templates.importCatalogue')}
          </Button>
        )}
      </Stack>
      <section aria-labelledby="template-uses-title" data-testid="template-uses">
        <Typography id="template-uses-title" variant="h5" component="h2" gutterBottom>
          {t('templates.uses.title')}
        </Typography>
        {uses.length === 0 ? (
          <Typography color="text.secondary" data-testid="template-uses-empty">
            {t('templates.uses.empty')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {uses.map((use) => (
              <ListItem key={use.id} disableGutters data-testid={`template-use-${use.id}`}>
                <ListItemText
                  primary={
                    <Link
                      component={RouterLink}
                      to={`/audit/${encodeURIComponent(use.id)}`}
                      sx={{ display: 'inline-block', minHeight: 24, py: 0.5 }}
                    >
                      {use.name}
                    </Link>
                  }
                  secondary={t('templates.uses.summary', {
                    status: statusText(use.status),
                    version: use.version ?? '–',
                    current: version,
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </section>
      {open === 'edit' && (
        <TemplateDialog key={dialogKey} templateId={templateId} onClose={() => setOpen('none')} />
      )}
      {open === 'import' && (
        <AuditItemImportDialog
          key={dialogKey}
          auditId=""
          templateId={templateId}
          standard={standards[0]}
          categories={questionCategories(config.categories, isVdaAudit(data))}
          audititem={config.audititem}
          onClose={() => setOpen('none')}
        />
      )}
      {open === 'catalogue' && (
        <Suspense fallback={<NavigationProgressBar />}>
          <TemplateCatalogueDialog
            key={dialogKey}
            templateId={templateId}
            standardId={standardIds[0]}
            onClose={() => setOpen('none')}
          />
        </Suspense>
      )}
      <TemplateDeleteDialog
        template={open === 'delete' ? { id: templateId, name } : null}
        onClose={(deleted) => {
          setOpen('none');
          if (deleted) void navigate('/templates');
        }}
      />
    </PageLayout>
  );
}
