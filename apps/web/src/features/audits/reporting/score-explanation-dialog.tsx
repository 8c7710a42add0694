import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  QK_CLASSES,
  type AuditScoreExplanation,
  type FindingType,
  type Importance,
  type ItemExclusion,
  type ItemExplanation,
  type QkResult,
  type ScoreExplanation,
} from '@qa/domain';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { findingTypeLabel, importanceLabel } from '../preparation/preparation-rows';
import { formatReportNumber } from './report-numbers';

/** The reasons an item does not count, in the order shown, with their headings' keys. */
const EXCLUSIONS: readonly (readonly [ItemExclusion, string])[] = [
  ['notApplicable', 'reporting.explain.excluded.notApplicable'],
  ['unanswered', 'reporting.explain.excluded.unanswered'],
  ['unknownFindingType', 'reporting.explain.excluded.unknownFindingType'],
];

/** The explanations' dialog: a title, the content, and Close (full screen on a phone). */
export function ExplanationDialog({
  title,
  testId,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Long explanations scroll: the region takes the keyboard focus so they scroll by keys. */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby={titleId}>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="reporting-explain-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const itemTitle = (item: Pick<ItemExplanation, 'no' | 'text'>) =>
  item.no ? `${item.no} ${item.text}` : item.text;

const numbers = new Intl.Collator(undefined, { numeric: true });
/** In the questions' order: by their numbers ("2" before "10", "2.1" before "2.10"). */
const byNumber = (a: ItemExplanation, b: ItemExplanation) =>
  numbers.compare(a.no, b.no) || numbers.compare(a.text, b.text);

/**
 * "Explain my score" for the audit or one category (issue 13): the formula with its numbers,
 * then every counted question with weight x value and its best and worst, then the questions
 * left out, by reason.
 */
export function ScoreExplanationDialog({
  title,
  scope,
  explanation,
  findingTypes,
  importances,
  onClose,
}: {
  title: string;
  scope: ScoreExplanation;
  explanation: AuditScoreExplanation;
  findingTypes: readonly FindingType[];
  importances: readonly Importance[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const n = (value: number) => formatReportNumber(value, language);
  const items = [...scope.items].sort(byNumber);
  const counted = items.filter((item) => item.excluded === null);
  const { current, best, worst } = scope;
  return (
    <ExplanationDialog
      title={t('reporting.explain.title', { scope: title })}
      testId="reporting-explanation"
      onClose={onClose}
    >
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {t('reporting.explain.formulaTitle')}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {t('reporting.explain.values', {
          best: n(explanation.bestValue),
          worst: n(explanation.worstValue),
        })}
      </Typography>
      <Typography data-testid="reporting-explain-sums">
        {t('reporting.explain.sums', { current: n(current), best: n(best), worst: n(worst) })}
      </Typography>
      {scope.percent === null ? (
        <Typography sx={{ mt: 1 }} data-testid="reporting-explain-formula">
          {t('reporting.explain.nothingToScore')}
        </Typography>
      ) : (
        <Box sx={{ mt: 1 }} data-testid="reporting-explain-formula">
          <Typography>{t('reporting.explain.formula')}</Typography>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {t('reporting.explain.filledIn', {
              current: n(current),
              best: n(best),
              worst: n(worst),
              exact: n(((current - worst) / (best - worst)) * 100),
              percent: scope.percent,
            })}
          </Typography>
        </Box>
      )}

      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }} gutterBottom>
        {t('reporting.explain.countedTitle', { count: counted.length })}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="reporting-explain-counted">
        {counted.map((item) => (
          <Box component="li" key={item.itemId} sx={{ mb: 1 }} data-testid="reporting-explain-item">
            <Typography sx={{ overflowWrap: 'anywhere' }}>{itemTitle(item)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t(
                item.weightFrom === 'importance'
                  ? 'reporting.explain.item'
                  : 'reporting.explain.itemOwnWeight',
                {
                  weight: n(item.weight),
                  importance: importanceLabel(item.importance, importances, language),
                  value: n(item.value!),
                  finding: findingTypeLabel(item.findingTypeId!, findingTypes, language),
                  points: n(item.contribution!),
                  best: n(item.bestContribution!),
                  worst: n(item.worstContribution!),
                },
              )}
            </Typography>
          </Box>
        ))}
      </Box>

      {EXCLUSIONS.map(([reason, headingKey]) => {
        const left = items.filter((item) => item.excluded === reason);
        if (left.length === 0) return null;
        return (
          <Box key={reason} data-testid={`reporting-explain-excluded-${reason}`}>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }} gutterBottom>
              {t(headingKey, { count: left.length })}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {left.map((item) => (
                <Typography
                  component="li"
                  variant="body2"
                  key={item.itemId}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {itemTitle(item)}
                </Typography>
              ))}
            </Box>
          </Box>
        );
      })}
    </ExplanationDialog>
  );
}

/** The QK number's derivation: the worst class and its count, the table row, the additions. */
export function QkExplanationDialog({ qk, onClose }: { qk: QkResult; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const n = (value: number) => formatReportNumber(value, language);
  const classCount = (qkClass: keyof typeof QK_CLASSES) =>
    QK_CLASSES[qkClass].reduce((sum, abbreviation) => sum + qk.counts[abbreviation], 0);
  return (
    <ExplanationDialog
      title={t('reporting.qk.title')}
      testId="reporting-qk-explanation"
      onClose={onClose}
    >
      <Typography sx={{ mb: 1 }}>
        {t('reporting.qk.counts', {
          a: qk.counts.A,
          a1: qk.counts.A1,
          b: qk.counts.B,
          b1: qk.counts.B1,
          c1: qk.counts.C1,
        })}
      </Typography>
      <Typography sx={{ mb: 1 }} data-testid="reporting-qk-worst">
        {qk.worstClass === null
          ? t('reporting.qk.noClass', { base: n(qk.base) })
          : t('reporting.qk.worst', {
              qkClass: qk.worstClass,
              count: qk.worstClassCount,
              upTo: qk.row.upTo,
              base: n(qk.base),
            })}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {t('reporting.qk.additions', {
          a: classCount('A'),
          aPoints: n(qk.additions.a),
          b: classCount('B'),
          bPoints: n(qk.additions.b),
        })}
      </Typography>
      <Typography sx={{ fontWeight: 500 }} data-testid="reporting-qk-formula">
        {t('reporting.qk.formula', {
          base: n(qk.base),
          a: n(qk.additions.a),
          b: n(qk.additions.b),
          score: n(qk.score),
        })}
      </Typography>
      {qk.warning && (
        <Typography color="warning.main" sx={{ mt: 1 }}>
          {t('reporting.qk.invalidCount')}
        </Typography>
      )}
    </ExplanationDialog>
  );
}
