import {
  CONFIGURATION_COLLECTION,
  configSegmentOrDefault,
  type ConfigSegment,
  type Configuration,
} from '@qa/domain';
import { useMemo } from 'react';
import { useDocument } from '../sync/use-document';
import { useJsonStable } from '../sync/use-json-stable';

/**
 * One configuration segment as this device has it, parsed with its schema; the default while it
 * is missing here or invalid (a screen never breaks on a bad segment, the editor reports it).
 */
export function useConfigSegment<S extends ConfigSegment>(segment: S): Configuration[S] {
  const data = useDocument(CONFIGURATION_COLLECTION, segment).document?.data;
  return useJsonStable(useMemo(() => configSegmentOrDefault(segment, data), [segment, data]));
}
