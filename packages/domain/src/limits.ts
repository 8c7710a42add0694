/**
 * The longest text each kind of field takes (issue 10): every string a person can send has a
 * maximum in the schema that checks it, so too much input is refused with 'Max {max}
 * characters' at its field (`rule` or `invalid_args`) instead of failing the document check
 * after the command ran. Generous on purpose: they bound what one person can make everyone
 * replicate, they are not style rules. Ids are ids.ts (MAX_ID_LENGTH, 128); e-mail addresses
 * MAX_EMAIL_LENGTH (254, person.commands.ts); standards keep the lengths of SPEC section 5.
 */

/** A name, title or label, and any one-line value: configured ids and codes, parties, processes. */
export const MAX_NAME_LENGTH = 200;

/** A paragraph: the audit reason, a status comment, a chapter or configured description. */
export const MAX_TEXT_LENGTH = 2_000;

/** A long text: question, hint and description of an item, the summary, a finding's texts. */
export const MAX_LONG_TEXT_LENGTH = 10_000;

/** A file name as uploaded (most file systems stop at 255). */
export const MAX_FILE_NAME_LENGTH = 255;

/** A link or storage path. */
export const MAX_URL_LENGTH = 2_048;

/** An ISO 8601 timestamp or date text. */
export const MAX_TIMESTAMP_LENGTH = 64;

/**
 * The error of a `.max()` on a string whose schema names a key of its own (`z.string(REQUIRED)`
 * would otherwise lend its key to the length check too).
 */
export const MAX_LENGTH_ERROR = { error: 'validation.maxLength' } as const;
