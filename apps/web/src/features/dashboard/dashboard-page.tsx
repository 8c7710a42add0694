import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  AUDITS_COLLECTION,
  STANDARDS_COLLECTION,
  auditStandardNames,
  auditStatusOf,
  dashboardAudits,
  formatCalendarDay,
  isMeasureOverdue,
  localDay,
  openMeasuresOf,
  type DashboardAudit,
  measureAuditName,
  resolveWorkflowStatus,
} from '@qa/domain';
import type { Query } from '@qa/sync';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageLayout } from '../../components/pages/page-layout';
import { PlainTabs } from '../../components/tabs/plain-tabs';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useMountedOnce } from '../../lib/dom/use-mounted-once';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePerson } from '../../lib/session/session-provider';
import { useDocument } from '../../lib/sync/use-document';
import { useQuery } from '../../lib/sync/use-query';
import { displayValue } from '../audits/audit-document';
import { auditWorkflow, workflowLabel } from '../audits/audit-workflow-labels';
import { useFavorites } from '../favorites/use-favorites';
import { measureStatusLabel, type MeasureView } from '../measures/measure-model';
import { useMeasures, useMeasureWorkflow } from '../measures/use-measures';
import { personLabel, usePeople } from '../people/use-people';

/** A widget: a titled card; its list or its empty text. */
function Widget({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: 2, minWidth: 0 }}
      data-testid={testId}
    >
      <Typography variant="h6" component="h2" id={id} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A widget whose list is still arriving: a bar, and no "nothing here" text that is not true yet. */
function WidgetLoading() {
  const { t } = useTranslation();
  return (
    <Box aria-busy sx={{ py: 1 }} data-testid="dashboard-widget-loading">
      <LinearProgress aria-label={t('list.loading')} />
    </Box>
  );
}

const listSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& > li': { py: 1, borderTop: 1, borderColor: 'divider' },
};

const STANDARDS_QUERY: Query = { collection: STANDARDS_COLLECTION, filters: [] };

function AuditList({ audits, empty }: { audits: readonly DashboardAudit[]; empty: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { byId } = usePeople();
  // Standards by name, not id (the collection is small and replicated whole).
  const { documents: standardDocs } = useQuery(STANDARDS_QUERY);
  const standardNames = useMemo(
    () =>
      new Map(
        standardDocs.map((doc) => [doc.id, typeof doc.data.name === 'string' ? doc.data.name : '']),
      ),
    [standardDocs],
  );
  const workflow = auditWorkflow(useDocument('configuration', 'workflow').document?.data);
  if (audits.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box component="ul" sx={listSx}>
      {audits.map(({ id, data }) => {
        const resolved = resolveWorkflowStatus(workflow, auditStatusOf(data), 'audit');
        const status = resolved.status
          ? workflowLabel(resolved.status.id, resolved.status.description, language)
          : resolved.display;
        const dates = Array.isArray(data.auditing_date)
          ? data.auditing_date
              .filter((day): day is string => typeof day === 'string' && day !== '')
              .map((day) => formatCalendarDay(day, language))
          : [];
        const lead = typeof data.leadauditor === 'string' ? data.leadauditor : '';
        return (
          <li key={id} data-testid={`dashboard-audit-${id}`}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Link
                component={RouterLink}
                to={`/audit/${encodeURIComponent(id)}`}
                sx={{
                  fontWeight: 500,
                  minHeight: 44,
                  display: 'inline-flex',
                  alignItems: 'center',
                }}
              >
                {displayValue(data.name) || id}
              </Link>
              <Chip label={status} size="small" color="primary" variant="outlined" />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {[
                auditStandardNames(data.standard, standardNames),
                displayValue(data.scope),
                lead && t('dashboard.lead', { name: personLabel(byId, lead, t) }),
                dates.length > 0 && t('dashboard.auditingDates', { dates: dates.join(', ') }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </li>
        );
      })}
    </Box>
  );
}

function MeasureLinks({ measures, empty }: { measures: readonly MeasureView[]; empty: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const workflow = useMeasureWorkflow();
  const today = localDay(new Date());
  if (measures.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box component="ul" sx={listSx}>
      {measures.map((measure) => {
        const audit = measureAuditName(measure, new Map());
        const overdue = isMeasureOverdue(measure, workflow, today);
        return (
          <li key={measure.id} data-testid={`dashboard-measure-${measure.id}`}>
            <Link
              component={RouterLink}
              to={`/measure/${encodeURIComponent(measure.id)}`}
              sx={{ fontWeight: 500, minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
            >
              {measure.text}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {[
                audit && (typeof audit === 'string' ? audit : translate(audit)),
                measureStatusLabel(workflow, measure.status, language),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {measure.dueDate && (
              <Typography
                variant="body2"
                color={overdue ? 'error' : 'text.secondary'}
                sx={{ fontWeight: overdue ? 500 : undefined }}
              >
                {overdue
                  ? t('measures.overdueSince', {
                      date: formatCalendarDay(measure.dueDate, language),
                    })
                  : t('measures.dueOn', { date: formatCalendarDay(measure.dueDate, language) })}
              </Typography>
            )}
          </li>
        );
      })}
    </Box>
  );
}

/**
 * Home (SPEC section 2 "Dashboard", issue 12.4): the audit widget (the 10 open audits the person
 * works on, "Todos", or is responsible for, "Verantwortlich"), the measure widget (the 10 open
 * measures assigned to the person, due first, overdue in red) and the favorites (starred audits
 * and measures). Everything from the replica, live and offline.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const person = usePerson();
  const me = person?.id ?? '';
  const [tab, setTab] = useState<'todo' | 'responsible'>('todo');
  const tabsId = useId();
  const workflowData = useDocument('configuration', 'workflow').document?.data;
  const auditFlow = useMemo(() => auditWorkflow(workflowData), [workflowData]);
  const measureFlow = useMeasureWorkflow();
  const widgetSize = useConfigSegment('app').dashboard.widgetItemCount;
  const lead = useQuery(
    useMemo<Query>(
      () => ({
        collection: AUDITS_COLLECTION,
        filters: [{ path: ['leadauditor'], op: '==', value: me }],
      }),
      [me],
    ),
  );
  const co = useQuery(
    useMemo<Query>(
      () => ({
        collection: AUDITS_COLLECTION,
        filters: [{ path: ['coauditors'], op: 'array-contains', value: me }],
      }),
      [me],
    ),
  );
  const responsible = useQuery(
    useMemo<Query>(
      () => ({
        collection: AUDITS_COLLECTION,
        filters: [{ path: ['responsible'], op: '==', value: me }],
      }),
      [me],
    ),
  );
  const audits = useMemo(
    () =>
      dashboardAudits(
        [...lead.documents, ...co.documents].map((doc) => ({ id: doc.id, data: doc.data })),
        responsible.documents.map((doc) => ({ id: doc.id, data: doc.data })),
        auditFlow,
        widgetSize,
      ),
    [lead.documents, co.documents, responsible.documents, auditFlow, widgetSize],
  );

  const { measures, loading: measuresLoading } = useMeasures();
  const mine = useMemo(
    () => openMeasuresOf(measures, me, measureFlow).slice(0, widgetSize),
    [measures, me, measureFlow, widgetSize],
  );

  const favorites = useFavorites();
  const starredIds = favorites.audits.slice(0, 30);
  // useQuery keys the query by its content: a new array with the same ids subscribes nothing new.
  const starredAudits = useQuery(
    starredIds.length === 0
      ? null
      : { collection: AUDITS_COLLECTION, filters: [{ path: ['id'], op: 'in', value: starredIds }] },
  );
  // Widgets appear top-down: one is shown once those before it have their lists, so a list that
  // arrives never pushes a widget below it down the screen (layout shift on a slow link). Each
  // list counts as there from its first arrival on: a later resubscription (a reconnect, another
  // tab taking the sync over) keeps what is shown instead of hiding the widgets again.
  // The audits' lines name their lead auditor and standards: they wait for those too, or a line
  // would first show the fallback "User: <id>" and then shrink to the name.
  const peopleLoading = usePeople().loading;
  const standardsLoading = useQuery(STANDARDS_QUERY).loading;
  const auditsThere = useMountedOnce(
    !(lead.loading || co.loading || responsible.loading || peopleLoading || standardsLoading),
  );
  const measuresThere = useMountedOnce(!measuresLoading);
  const favoritesThere = useMountedOnce(!starredAudits.loading);
  const showMeasures = auditsThere;
  const showFavorites = showMeasures && measuresThere;
  const starredMeasures = useMemo(
    () => measures.filter((measure) => favorites.measures.includes(measure.id)),
    [measures, favorites.measures],
  );
  const starredAuditList = useMemo(
    () =>
      starredAudits.documents
        .map((doc) => ({ id: doc.id, data: doc.data }))
        .sort((a, b) => displayValue(a.data.name).localeCompare(displayValue(b.data.name))),
    [starredAudits.documents],
  );

  return (
    <PageLayout title={t('dashboard.title')}>
      {person && (
        <Typography variant="h6" component="p" sx={{ mb: 2 }} data-testid="dashboard-greeting">
          {t('dashboard.greeting', { name: person.displayName })}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Widget title={t('dashboard.audits')} testId="dashboard-audits">
          <PlainTabs
            value={tab}
            onChange={setTab}
            label={t('dashboard.audits')}
            panelId={`${tabsId}-panel`}
            tabs={[
              { value: 'todo', label: t('dashboard.todo'), id: `${tabsId}-todo` },
              {
                value: 'responsible',
                label: t('dashboard.responsible'),
                id: `${tabsId}-responsible`,
              },
            ]}
          />
          <Box
            role="tabpanel"
            id={`${tabsId}-panel`}
            aria-labelledby={`${tabsId}-${tab}`}
            sx={{ pt: 1 }}
          >
            {!auditsThere ? (
              <WidgetLoading />
            ) : (
              <AuditList
                audits={tab === 'todo' ? audits.todo : audits.responsible}
                empty={t(tab === 'todo' ? 'dashboard.noTodo' : 'dashboard.noResponsible')}
              />
            )}
          </Box>
        </Widget>
        {showMeasures && (
          <Widget title={t('dashboard.measures')} testId="dashboard-measures">
            {!measuresThere ? (
              <WidgetLoading />
            ) : (
              <MeasureLinks measures={mine} empty={t('dashboard.noMeasures')} />
            )}
          </Widget>
        )}
        {showFavorites && (
          <Widget title={t('dashboard.favorites')} testId="dashboard-favorites">
            {!favoritesThere ? (
              <WidgetLoading />
            ) : starredAuditList.length === 0 && starredMeasures.length === 0 ? (
              <Typography color="text.secondary">{t('dashboard.noFavorites')}</Typography>
            ) : (
              <>
                {starredAuditList.length > 0 && <AuditList audits={starredAuditList} empty="" />}
                {starredMeasures.length > 0 && <MeasureLinks measures={starredMeasures} empty="" />}
              </>
            )}
          </Widget>
        )}
      </Box>
    </PageLayout>
  );
}
