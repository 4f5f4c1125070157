/**
 * Checks the offline idea library (content/ideas/README.md): every file's schema, numbers and
 * prose, and the coverage of the categories checked. `npm run check:ideas -- content/ideas/fintech`
 * checks one category; without arguments, the whole library. Exits 1 when anything is wrong.
 * `--figures` also prints, for each idea checked, the figures its prose may state.
 */
import path from 'node:path';
import { checkIdea, checkLibrary } from '../src/domain/ideas/library/check.ts';
import { computeFigures, lossesBeforeBreakEven, statedRaise } from '../src/domain/ideas/library/economics.ts';
import { loadLibrary, readBookFacts } from '../src/domain/ideas/library/load.ts';

const content = path.resolve('content');
const args = process.argv.slice(2);
const showFigures = args.includes('--figures');
const only = args.filter((a) => a !== '--figures');
const [{ ideas, errors }, book] = await Promise.all([loadLibrary(content, only), readBookFacts(content)]);
const all = only.length === 0 ? { ideas } : await loadLibrary(content);
let failed = 0;
for (const e of errors) {
  failed += 1;
  console.log(`\n${e.key}\n  ${e.problems.join('\n  ')}`);
}
const usd = (n: number) => `US$${Math.round(n).toLocaleString('en-US')}`;
for (const idea of ideas) {
  if (showFigures) {
    const e = idea.economics;
    const f = computeFigures(e, book.feeTable);
    const raise = statedRaise(e);
    console.log(`\n${idea.key} (ramp ${e.rampMonths} months)`);
    console.log(
      `  one of the ${e.customerNoun} at full volume pays ${usd(f.revenuePerCustomerPerMonth)} a month; fixed costs ${usd(f.fixedCostPerMonth)} a month; break-even at ${f.breakEvenCustomers} at full volume`,
    );
    for (const m of [...f.milestones, ...(f.outlook ? [{ ...f.outlook, month: `${f.outlook.month} (outlook)` }] : [])])
      console.log(
        `  month ${m.month}: ${m.customers} ${e.customerNoun} (${Math.round(m.activeCustomers)} at full volume), revenue ${usd(m.revenuePerMonth)} a month, costs ${usd(m.costPerMonth)}, fees ${m.feesSatsPerMonth.toLocaleString('en-US')} sats`,
      );
    const month = f.activeByMonth.findIndex((a, t) => t > 0 && a * (f.revenuePerCustomerPerMonth - f.feesUsdPerCustomerPerMonth) >= f.fixedCostPerMonth);
    console.log(
      `  revenue first covers costs in month ${month > 0 ? month : 'none of the plan'}; losses before then ${usd(lossesBeforeBreakEven(f))}; raise ${raise === undefined ? 'not stated' : usd(raise)}`,
    );
  }
  const problems = checkIdea(idea, book);
  if (problems.length === 0) continue;
  failed += 1;
  console.log(`\n${idea.key}\n  ${problems.join('\n  ')}`);
}
const categories = [...new Set(ideas.map((i) => i.fits.category))];
const library = checkLibrary(all.ideas, only.length === 0 ? {} : { categories });
if (library.length > 0) console.log(`\nThe library\n  ${library.join('\n  ')}`);
console.log(`\n${ideas.length + errors.length} files checked, ${failed} with problems; ${library.length} library problems.`);
process.exitCode = failed > 0 || library.length > 0 ? 1 : 0;
