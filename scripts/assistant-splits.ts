/**
 * `npm run assistant:splits`: the offline assistant's figures on its dev split and, only to decide
 * whether a rule stays (decision 023), its sealed split: first citations, facts in the opening,
 * questions called "not covered"; and the off-topic sets declined. Never prints a sealed question.
 */
import { BookIndex, buildIndexFile } from '../src/domain/assistant/search.ts';
import { loadBook } from '../src/domain/book/load.ts';
import { OFF_TOPIC } from '../tests/support/assistant-heldout-later.ts';
import { DEV_OFF_TOPIC_DOMAIN } from '../tests/support/assistant-dev-off-topic-domain.ts';
import { DEV_OFF_TOPIC_2 } from '../tests/support/assistant-dev-off-topic-2.ts';
import { DEV_OFF_TOPIC_3 } from '../tests/support/assistant-dev-off-topic-3.ts';
import { SEALED_OFF_TOPIC } from '../tests/support/assistant-sealed-off-topic.ts';
import { declined as declinedBy, outcomes, splits, type SplitQuestion } from '../tests/support/assistant-splits.ts';

const book = await loadBook();
const search = new BookIndex(buildIndexFile(book));
const { dev, sealed } = splits(book.chapters.find((c) => c.id === 'chapter-03')?.markdown ?? '');
const declined = (questions: readonly string[]): Promise<number> => declinedBy(questions, search);
const figures = async (name: string, set: SplitQuestion[]): Promise<string> => {
  const r = await outcomes(set, search);
  const notCovered = await declined(set.map((q) => q.question));
  return `${name}: first citation ${r.filter((x) => x[0] === '1').length}/${set.length}, fact in the opening ${r.filter((x) => x[1] === '1').length}/${set.filter((q) => q.fact).length}, not covered ${notCovered}`;
};
console.log(await figures('dev split', dev));
console.log(await figures('sealed split', sealed));
console.log(
  `off-topic declined: everyday (dev) ${await declined(OFF_TOPIC)}/${OFF_TOPIC.length}, in the book's words (dev) ${await declined(DEV_OFF_TOPIC_DOMAIN)}/${DEV_OFF_TOPIC_DOMAIN.length}, in its vocabulary (dev 2) ${await declined(DEV_OFF_TOPIC_2)}/${DEV_OFF_TOPIC_2.length}, both (dev 3) ${await declined(DEV_OFF_TOPIC_3)}/${DEV_OFF_TOPIC_3.length}, sealed ${await declined(SEALED_OFF_TOPIC)}/${SEALED_OFF_TOPIC.length}`,
);
