/**
 * Writes a table as the semicolon CSV the importers read (`semicolon-csv.parser.ts`) and German
 * spreadsheet programs open with a double click: `;` between fields, CRLF line ends, a byte
 * order mark so the umlauts are read as UTF-8. A field with `;`, a quote or a line break is
 * quoted (quotes doubled). A text that a spreadsheet would take as a formula (starting with =,
 * +, -, @, a tab or a carriage return) gets a leading apostrophe: an exported finding text must
 * never run as a formula on the reader's machine (CSV injection, OWASP).
 */
export function formatSemicolonCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(';')).join('\r\n')}\r\n`;
}

const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
