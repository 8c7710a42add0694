import { MEASURES_COLLECTION, type WorkflowView } from '@qa/domain';
import { useMemo } from 'react';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useQuery } from '../../lib/sync/use-query';
import type { QueryProgress } from '../../lib/sync/view-selectors';
import { measureFromDocument, type MeasureView } from './measure-model';

const QUERY = { collection: MEASURES_COLLECTION, filters: [] };

/** Every measure this device has (the session keeps them subscribed, SPEC section 4). */
export function useMeasures(): {
  measures: MeasureView[];
  loading: boolean;
  /** Set while a large snapshot is still arriving (issue 16). */
  progress?: QueryProgress;
} {
  const { documents, loading, progress } = useQuery(QUERY);
  const measures = useMemo(
    () =>
      documents
        .map((doc) => measureFromDocument(doc.id, doc.data, doc.state))
        .filter((measure): measure is MeasureView => measure !== null),
    [documents],
  );
  return { measures, loading, ...(progress ? { progress } : {}) };
}

/** The measure workflow of the configuration (the default until it arrives). */
export function useMeasureWorkflow(): WorkflowView {
  return useConfigSegment('workflow').measure;
}
