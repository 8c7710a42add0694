import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupedList } from '../../../components/list/grouped-list';
import { useListConfig } from '../../../lib/config/use-list-config';
import { useLanguage } from '../../../lib/i18n/use-language';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { createExecutionRowCache, type ExecutionRow } from '../execution/execution-rows';
import { findingTypeLabel, searchTextOf } from '../preparation/preparation-rows';
import { usePreparationConfig } from '../preparation/use-preparation-config';
import { useItemListView } from '../preparation/use-item-list-view';

const getId = (row: ExecutionRow) => row.id;
const searchText = (row: ExecutionRow) =>
  [searchTextOf(row), ...row.findings.flatMap((finding) => [finding.text, finding.reason])].join(
    ' ',
  );

/**
 * The reporting tab's findings table (issue 13.2): the answered questions with their findings,
 * on the generic list with the reporting list's page sizes (50, 100, 200, all; SPEC section 9),
 * search, facets (category, importance, finding type) and sorting.
 */
export function ReportFindingsList({
  documents,
  loading,
}: {
  documents: readonly ViewDocument[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const config = usePreparationConfig();
  const listConfig = useListConfig('reporting');
  const [toRows] = useState(createExecutionRowCache);
  const rows = useMemo(
    () => toRows(documents).filter((row) => row.findings.length > 0),
    [toRows, documents],
  );
  const { fields, comparators, formatValue } = useItemListView(rows, config);

  return (
    <GroupedList
      items={rows}
      getId={getId}
      config={listConfig}
      fields={fields}
      comparators={comparators}
      formatValue={formatValue}
      getSearchText={searchText}
      loading={loading}
      label={t('reporting.findings.listLabel')}
      emptyText={t('reporting.findings.empty')}
      groupHeadingLevel={4}
      renderRow={(row) => (
        <Box sx={{ minWidth: 0, flex: 1 }} data-testid={`reporting-finding-row-${row.id}`}>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {row.question.no ? `${row.question.no} ${row.question.text}` : row.question.text}
          </Typography>
          {row.findings.map((finding) => (
            <Typography
              key={finding.id}
              variant="body2"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="reporting-finding"
            >
              <Box component="span" sx={{ fontWeight: 500 }}>
                {findingTypeLabel(finding.importance, config.findingTypes, language)}
              </Box>
              {finding.text && ` – ${finding.text}`}
              {finding.mediaCount > 0 &&
                ` (${t('reporting.findings.media', { count: finding.mediaCount })})`}
            </Typography>
          ))}
        </Box>
      )}
    />
  );
}
