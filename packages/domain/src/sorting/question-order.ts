/**
 * Questions in the order people read their numbers: "2" before "10", "6.1.2" before "6.1.10".
 *
 * The collator is made on first use, not when the module loads: the first collator of a page
 * loads the browser's collation data (50-250 ms on a phone's CPU), which a first screen that never
 * sorts questions (the audit matrix, the dashboard) must not pay while it loads (issue 40).
 */
let numeric: Intl.Collator | null = null;

export function compareQuestionNumbers(a: string, b: string): number {
  return (numeric ??= new Intl.Collator('en', { numeric: true })).compare(a, b);
}

/** By question number, then by text (two questions may share a number). */
export function compareByQuestion(
  a: { question: { no: string; text: string } },
  b: { question: { no: string; text: string } },
): number {
  return (
    compareQuestionNumbers(a.question.no, b.question.no) ||
    compareQuestionNumbers(a.question.text, b.question.text)
  );
}
