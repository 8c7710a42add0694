import type { FacetFilter } from './list-filter';

/** SPEC section 2: the list's search text and filter live in `?q=...&filter={...}`. */
export const SEARCH_PARAM = 'q';
export const FILTER_PARAM = 'filter';

export interface ListUrlState {
  query: string;
  filter: FacetFilter;
}

/**
 * The filter of `?filter=`: a JSON object of facet id to value list. The URL is user input (an
 * edited or old link), so anything else (bad JSON, wrong shapes) is ignored, never thrown; single
 * values and numbers are accepted as text.
 */
export function parseFilterParam(raw: string | null): FacetFilter {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const filter: Record<string, string[]> = {};
  for (const [facetId, value] of Object.entries(parsed)) {
    const values = (Array.isArray(value) ? value : [value])
      .filter((entry) => typeof entry === 'string' || typeof entry === 'number')
      .map(String)
      .filter((entry) => entry !== '');
    if (values.length > 0) filter[facetId] = [...new Set(values)];
  }
  return filter;
}

export function readListUrlState(params: URLSearchParams): ListUrlState {
  return {
    query: params.get(SEARCH_PARAM) ?? '',
    filter: parseFilterParam(params.get(FILTER_PARAM)),
  };
}

/** A copy of `params` with the list's state; other parameters (such as `admin`) are kept. */
export function writeListUrlState(params: URLSearchParams, state: ListUrlState): URLSearchParams {
  const next = new URLSearchParams(params);
  const query = state.query.trim();
  if (query) next.set(SEARCH_PARAM, query);
  else next.delete(SEARCH_PARAM);
  if (Object.keys(state.filter).length > 0) next.set(FILTER_PARAM, JSON.stringify(state.filter));
  else next.delete(FILTER_PARAM);
  return next;
}
