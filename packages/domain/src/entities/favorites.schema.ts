import { z } from 'zod/mini';
import { idSchema } from '../ids';
import { FAVORITES_COLLECTION } from '../collection-names';
export { FAVORITES_COLLECTION };

/** One person's starred audits and measures (issue 12: the dashboard's favorites widget). */

/** Most favorites of one kind a person keeps. */
export const MAX_FAVORITES = 200;

const starred = z._default(z.record(idSchema, z.literal(true)), {}).check(
  z.refine((entries) => Object.keys(entries).length <= MAX_FAVORITES, {
    error: 'validation.maxItems',
    params: { max: MAX_FAVORITES },
  }),
);

/** Document id = the person's id, repeated in `id` (a query for one person's document). */
export const favoritesSchema = z.object({
  id: idSchema,
  audits: starred,
  measures: starred,
});
export type Favorites = z.infer<typeof favoritesSchema>;
export type FavoriteKind = 'audits' | 'measures';
