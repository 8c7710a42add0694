import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  formatCalendarDay,
  NO_CATEGORY_MESSAGE,
  type ComparedFinding,
  type DisappearedState,
  type QuestionComparison,
  type ScoreChange,
} from '@qa/domain';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactSelect } from '../../../components/form/compact-select';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useQuery } from '../../../lib/sync/use-query';
import { PhasePanel } from '../phase-panel';
import { findingTypeLabel } from '../preparation/preparation-rows';
import { usePreparationConfig } from '../preparation/use-preparation-config';
import { useAuditWithItems } from '../use-audit-items';
import {
  comparisonModel,
  earlierAuditChoices,
  signedChange,
  type AuditChoice,
} from './audit-comparison-model';
import { VISUALLY_HIDDEN } from '../../../lib/dom/visually-hidden';
import { ComparisonTable } from './comparison-table';
import { VdaComparisonTable } from './audit-comparison-vda';
import { ComparisonBasisNote } from './comparison-basis-note';

/** Every audit: the earlier ones of the same standard and scope are picked from them. */
const ALL_AUDITS = { collection: AUDITS_COLLECTION, filters: [] };

/** Why a question of the earlier audit has no findings now, with its text's key. */
const DISAPPEARED_STATE = {
  noFinding: 'reporting.comparison.state.noFinding',
  unanswered: 'reporting.comparison.state.unanswered',
  notApplicable: 'reporting.comparison.state.notApplicable',
  missing: 'reporting.comparison.state.missing',
} as const satisfies Record<DisappearedState, string>;

/** The three lists, with their headings' and empty texts' keys. */
const LISTS = [
  ['recurring', 'reporting.comparison.recurring', 'reporting.comparison.noneRecurring'],
  ['disappeared', 'reporting.comparison.disappeared', 'reporting.comparison.noneDisappeared'],
  ['new', 'reporting.comparison.new', 'reporting.comparison.noneNew'],
] as const;

/**
 * The reporting tab's comparison with an earlier audit of the same standard and scope (issue 13.5,
 * beyond the spec): the previous one by default, any earlier one by choice; the result per
 * category side by side with the change, then the findings that recur on the same question, those
 * that disappeared and the new ones. The matching rules are the domain's (scoring/comparison.ts).
 * For VDA 6.3 audits (issue 19) the table holds their class, E_G and E_Pn instead of the scores
 * (vda/vda-comparison.ts). Both audits are graded by one basis, named above the table (issue 34.3).
 */
export function AuditComparison({ auditId }: { auditId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const { audit, documents } = useAuditWithItems(auditId);
  const { documents: audits, loading: auditsLoading } = useQuery(ALL_AUDITS);
  const { findingTypes, audititem } = usePreparationConfig();
  const choices = useMemo(() => earlierAuditChoices(audit, audits), [audit, audits]);
  const [picked, setPicked] = useState<string | null>(null);
  const earlierId = choices.some((choice) => choice.id === picked) ? picked : choices[0]?.id;
  const earlier = audits.find((doc) => doc.id === earlierId);
  const { documents: earlierItems, loading: earlierLoading } = useQuery(
    earlierId
      ? {
          collection: AUDIT_ITEMS_COLLECTION,
          filters: [{ path: ['auditId'], op: '==', value: earlierId }],
        }
      : null,
  );
  // (Nothing to compare with: not even this audit is scored again.)
  const model = useMemo(
    () =>
      earlierId === undefined
        ? null
        : comparisonModel(
            { audit: earlier?.data, items: earlierItems },
            { audit: audit?.data, items: documents },
            { findingTypes, importances: audititem.importances },
          ),
    [
      earlierId,
      earlier?.data,
      earlierItems,
      audit?.data,
      documents,
      findingTypes,
      audititem.importances,
    ],
  );

  const choiceLabel = (choice: AuditChoice) =>
    choice.day
      ? t('reporting.comparison.choice', {
          name: choice.name,
          date: formatCalendarDay(choice.day, language),
        })
      : choice.year !== null
        ? t('reporting.comparison.choice', { name: choice.name, date: String(choice.year) })
        : choice.name;
  const percent = (value: number | null) =>
    value === null ? (
      <>
        <span aria-hidden="true">{'\u2013'}</span>
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {t('reporting.noResult')}
        </Box>
      </>
    ) : (
      t('reporting.percent', { percent: value })
    );
  const change = ({ change }: ScoreChange) =>
    change === null ? (
      <>
        <span aria-hidden="true">{'\u2013'}</span>
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {t('reporting.comparison.noChange')}
        </Box>
      </>
    ) : (
      <Box
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        data-testid="reporting-comparison-change"
      >
        {change > 0 && <ArrowUpwardIcon fontSize="inherit" aria-hidden />}
        {change < 0 && <ArrowDownwardIcon fontSize="inherit" aria-hidden />}
        <span aria-hidden="true">{signedChange(change)}</span>
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {change > 0
            ? t('reporting.comparison.up', { count: change })
            : change < 0
              ? t('reporting.comparison.down', { count: -change })
              : t('reporting.comparison.same')}
        </Box>
      </Box>
    );

  return (
    <PhasePanel title={t('reporting.comparison.title')} testId="reporting-comparison">
      {auditsLoading && choices.length === 0 ? (
        <LinearProgress aria-label={t('reporting.comparison.loading')} />
      ) : choices.length === 0 || model === null ? (
        <Typography color="text.secondary" data-testid="reporting-comparison-empty">
          {t('reporting.comparison.empty')}
        </Typography>
      ) : (
        <>
          <CompactSelect
            label={t('reporting.comparison.earlier')}
            value={earlierId ?? ''}
            options={choices.map((choice) => ({ value: choice.id, label: choiceLabel(choice) }))}
            onChange={setPicked}
            testId="reporting-comparison-select"
            sx={{ my: 1, maxWidth: '100%', minWidth: { xs: '100%', sm: 320 } }}
          />
          {earlierLoading && <LinearProgress aria-label={t('reporting.comparison.loading')} />}
          <ComparisonBasisNote comparability={model.comparability} />
          {model.vda ? (
            <VdaComparisonTable vda={model.vda} percent={percent} change={change} />
          ) : (
            <ComparisonTable
              caption={t('reporting.comparison.caption')}
              firstColumn={t('reporting.comparison.category')}
              testId="reporting-comparison-table"
            >
              <TableRow data-testid="reporting-comparison-total">
                <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                  {t('reporting.comparison.total')}
                </TableCell>
                <TableCell>{percent(model.scores.total.earlier)}</TableCell>
                <TableCell>{percent(model.scores.total.current)}</TableCell>
                <TableCell>{change(model.scores.total)}</TableCell>
              </TableRow>
              {model.scores.categories.map((category) => (
                <TableRow
                  key={`${category.categoryId}-${category.inCurrent}`}
                  data-testid="reporting-comparison-category"
                >
                  <TableCell component="th" scope="row" sx={{ fontWeight: 400 }}>
                    {category.categoryName ?? translate(NO_CATEGORY_MESSAGE)}
                  </TableCell>
                  <TableCell>{percent(category.earlier)}</TableCell>
                  <TableCell>{percent(category.current)}</TableCell>
                  <TableCell>{change(category)}</TableCell>
                </TableRow>
              ))}
            </ComparisonTable>
          )}
          {LISTS.map(([kind, titleKey, emptyKey]) => (
            <FindingList
              key={kind}
              kind={kind}
              title={t(titleKey, { count: model.findings[kind].length })}
              empty={t(emptyKey)}
              entries={model.findings[kind]}
              typeLabel={(id) => findingTypeLabel(id, findingTypes, language)}
              stateLabel={(state) => t(DISAPPEARED_STATE[state])}
            />
          ))}
        </>
      )}
    </PhasePanel>
  );
}

function FindingList({
  kind,
  title,
  empty,
  entries,
  typeLabel,
  stateLabel,
}: {
  kind: 'recurring' | 'disappeared' | 'new';
  title: string;
  empty: string;
  entries: readonly (QuestionComparison & { state?: DisappearedState })[];
  typeLabel: (id: string) => string;
  stateLabel: (state: DisappearedState) => string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const findings = (list: readonly ComparedFinding[]) =>
    list
      .map((finding) =>
        finding.text
          ? `${typeLabel(finding.findingTypeId)}: ${finding.text}`
          : typeLabel(finding.findingTypeId),
      )
      .join(' · ');
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 2 }}
      data-testid={`reporting-comparison-${kind}`}
    >
      <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {entries.map((entry) => (
            <Box
              component="li"
              key={entry.itemId}
              sx={{ py: 0.5, overflowWrap: 'anywhere' }}
              data-testid="reporting-comparison-entry"
            >
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {entry.no ? `${entry.no} ${entry.text}` : entry.text}
              </Typography>
              {entry.category && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {` (${entry.category})`}
                </Typography>
              )}
              {entry.earlier.length > 0 && (
                <Typography variant="body2" data-testid="reporting-comparison-entry-earlier">
                  {t('reporting.comparison.findingsBefore', { findings: findings(entry.earlier) })}
                </Typography>
              )}
              {entry.current.length > 0 && (
                <Typography variant="body2" data-testid="reporting-comparison-entry-current">
                  {t('reporting.comparison.findingsNow', { findings: findings(entry.current) })}
                </Typography>
              )}
              {entry.state && (
                <Typography variant="body2" color="text.secondary">
                  {stateLabel(entry.state)}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
