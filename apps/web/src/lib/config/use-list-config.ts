import { configSegmentOrDefault, resolveListConfig, type ListConfig } from '@qa/domain';
import { useMemo } from 'react';
import { useDocument } from '../sync/use-document';
import { useJsonStable } from '../sync/use-json-stable';

/**
 * The configuration of one list (`lists` configuration segment, SPEC section 3): page sizes,
 * facets, sortings, groupings. Falls back to the defaults while the segment is not on this
 * device or when it does not validate.
 */
export function useListConfig(listKey: string): ListConfig & { listKey: string } {
  const { document } = useDocument('configuration', 'lists');
  const data = document?.data;
  return useJsonStable(
    useMemo(() => {
      // Parsed once per document for all of a screen's lists (configSegmentOrDefault).
      const config = resolveListConfig(configSegmentOrDefault('lists', data), listKey);
      // The key goes with it: the generic list keeps the person's page size per list.
      return { ...config, listKey };
    }, [data, listKey]),
  );
}
