/**
 * The book's exercise convention, in one place: a chapter's last section, `## Exercises`, holds
 * `### Exercise N: title` headings, each followed by the question and a `#### Answer` heading with
 * the worked answer. render.ts folds the answers (web) or moves them to the end (EPUB); the
 * assistant leaves the section out of its index.
 */
export const EXERCISES_HEADING = 'Exercises';
export const ANSWER_HEADING = 'Answer';

/**
 * The chapter without its Exercises section (the last one): the assistant answers from the book's
 * exposition, not from the worked answers of hypothetical exercises, whose figures are examples.
 */
export function withoutExercises(markdown: string): string {
  return markdown.split(new RegExp(`^## ${EXERCISES_HEADING}\\n`, 'm'))[0] ?? markdown;
}
