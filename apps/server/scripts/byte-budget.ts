/**
 * The byte budget of the first screens (issue 40 item 2), run by scripts/test.sh after the web
 * app is built: what the first load of /signin, the audit matrix, the dashboard and an audit's
 * execution tab transfers (src/modules/web/first-load.ts), against apps/web/byte-budget.json.
 * Exits 1 when a page is over its budget. `WEB_DIST` names another build.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkByteBudgets, describeLoad, readBudgets } from '../src/modules/web/first-load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const webDist = path.resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist');
const budgetFile = path.join(ROOT, 'apps/web/byte-budget.json');

const budgets = readBudgets(budgetFile);
const { loads, failures } = checkByteBudgets(webDist, budgets);
for (const load of loads) console.log(describeLoad(load, budgets.pages[load.page]));
if (failures.length > 0) {
  console.error(`\nFirst screens over their byte budget (${path.relative(ROOT, budgetFile)}):`);
  for (const failure of failures) console.error(`  ${failure}`);
  console.error(
    '\nMake the page smaller, or raise its budget in that file with the reason in the commit.',
  );
  process.exit(1);
}
