import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { splitFrontmatter } from '../../src/domain/book/load.ts';
import { ANSWER_HEADING, EXERCISES_HEADING } from '../../src/domain/book/exercises.ts';

/**
 * The exercise answers' arithmetic. Two checks, and a third that keeps them honest:
 * 1. every calculation an answer writes out (`5,000 × 1,440 × 24 = 172,800,000`) is recomputed;
 * 2. every figure an answer states in prose ("about 11,574 events per second") is declared in
 *    content/exercise-arithmetic/chapter-NN.yaml with the calculation that gives it, and recomputed
 *    to the precision it is printed with;
 * 3. no number appears in an answer from nowhere: each is given by the question or the chapter, is
 *    a year, a BRC or a section number, or is checked by 1 or 2.
 */
const dir = path.resolve('content/chapters');
/** Units every reader knows: a day's hours, minutes and seconds, a year's days, a kilo, blocks a day (one every ten minutes), a hundred per cent. */
const UNITS = new Set([24, 60, 100, 144, 365, 1_000, 1_024, 1_440, 3_600, 86_400]);
const checksDir = path.resolve('content/exercise-arithmetic');
const files = (await readdir(dir)).filter((f) => /^chapter-\d\d\.md$/.test(f)).sort();

const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALED = String.raw`(?:${NUM})(?:\s(?:thousand|million|billion|trillion)\b)?`;
/** A number as printed: digits with thousands commas, a decimal part, an optional scale word. */
export function valueOf(printed: string): number {
  const m = new RegExp(`^\\$?(${NUM})(?:\\s(thousand|million|billion|trillion))?`).exec(printed.trim());
  if (m?.[1] === undefined) throw new Error(`not a number: ${printed}`);
  return Number(m[1].replace(/,/g, '')) * (m[2] === undefined ? 1 : (SCALE[m[2]] ?? 1));
}
/** Half a unit in the last place printed: 11,574 -> 0.5; 57,900 -> 50; 4.2 -> 0.05; 24 billion -> 0.5e9. */
export function tolerance(printed: string): number {
  const m = new RegExp(`^\\$?(${NUM})(?:\\s(thousand|million|billion|trillion))?`).exec(printed.trim());
  const digits = (m?.[1] ?? '').replace(/,/g, '');
  const scale = m?.[2] === undefined ? 1 : (SCALE[m[2]] ?? 1);
  const [whole = '', fraction] = digits.split('.');
  if (fraction !== undefined) return 0.5 * 10 ** -fraction.length * scale;
  const zeros = /0*$/.exec(whole)?.[0].length ?? 0;
  return 0.5 * 10 ** Math.min(zeros, whole.length - 1) * scale;
}
/** Evaluates a calculation of numbers, + - * / ** ( ) and Math's functions (ceil, floor, round, log2, max, min, sqrt). */
export function evaluate(calculation: string): number {
  const js = calculation.replace(/(\d),(?=\d{3}\b)/g, '$1').replace(/×/g, '*').replace(/÷/g, '/').replace(/−/g, '-');
  if (!/^(?:[\d\s.+\-*/()e,]|ceil|floor|round|log2|max|min|sqrt)*$/.test(js)) throw new Error(`not a calculation: ${calculation}`);
  const { ceil, floor, round, log2, max, min, sqrt } = Math;
  const value = new Function('ceil', 'floor', 'round', 'log2', 'max', 'min', 'sqrt', `return (${js})`)(ceil, floor, round, log2, max, min, sqrt) as unknown;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${calculation} is not a finite number`);
  return value;
}
/** A calculation written out in an answer: numbers (each may carry a short unit) joined by × ÷ + −, then `=`. */
const CHAIN = new RegExp(
  String.raw`(?<![\d.,])((?:${NUM})(?:\s[a-z]+){0,2}(?:\s*[×÷+−]\s*(?:${NUM})(?:\s[a-z]+){0,2})+)\s*[=≈]\s*(?:about\s)?\$?(${SCALED})`,
  'g',
);
export function writtenCalculations(answer: string): Array<{ text: string; calculation: string; result: string }> {
  return [...answer.matchAll(CHAIN)].map((m) => ({
    text: m[0],
    calculation: (m[1] ?? '').replace(/(\d)(?:\s[a-z]+){1,2}(?=\s*[×÷+−]|$)/g, '$1'),
    result: m[2] ?? '',
  }));
}

interface Exercise {
  chapter: string;
  number: number;
  question: string;
  answer: string;
}
function exercisesOf(file: string, markdown: string): Exercise[] {
  const section = markdown.split(new RegExp(`^## ${EXERCISES_HEADING}\\n`, 'm'))[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(new RegExp(`^### Exercise (\\d+)[^\\n]*\\n([\\s\\S]*?)^#### ${ANSWER_HEADING}\\n([\\s\\S]*?)(?=^### |$(?![\\s\\S]))`, 'gm'))].map((m) => ({
    chapter: file.replace(/\.md$/, ''),
    number: Number(m[1]),
    question: m[2] ?? '',
    answer: m[3] ?? '',
  }));
}

const declaredSchema = z.record(
  z.string().regex(/^\d+$/),
  z.array(z.object({ figure: z.string().min(1), is: z.string().min(1), note: z.string().optional() }).strict()),
);
type Declared = z.infer<typeof declaredSchema>;

/** The numbers in a text, as printed (links, years, BRC numbers and ordinals left out). */
function numbersIn(text: string): string[] {
  const plain = text
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/`[^`]*`/g, '')
    .replace(/\b(?:BRC|RFC|ISO|EIP|BIP|SP|CVE|Article|Art\.|Section|section|chapter|Chapter|Exercise|Figure|HTTP|level|version|v)[\s-]?\d[\d.-]*/g, '')
    .replace(/\b(?:19|20)\d\d\b/g, '')
    // HTTP 402 Payment Required, named on its own ("its 402 answer"): a label, not a quantity.
    .replace(/\b402\b/g, '');
  return [...plain.matchAll(new RegExp(`(?<![\\w.,-])(${SCALED})(?![\\w-])`, 'g'))].map((m) => m[1] ?? '');
}

describe('the exercise answers’ arithmetic', () => {
  it('reads printed numbers, their precision and written calculations', () => {
    expect(valueOf('24 billion')).toBe(24e9);
    expect(tolerance('57,900')).toBe(50);
    expect(tolerance('4.2')).toBeCloseTo(0.05);
    expect(tolerance('420,480')).toBe(5);
    expect(evaluate('40,000,000 × 25 / 86,400')).toBeCloseTo(11574.07, 1);
    expect(() => evaluate('process.exit()')).toThrow(/not a calculation/);
    expect(writtenCalculations('so 144 a day × 365 × 8 = 420,480 anchors; 1,000,000,000 × 24 = 24 billion satoshis').map((c) => [c.calculation, c.result])).toEqual([
      ['144 × 365 × 8', '420,480'],
      ['1,000,000,000 × 24', '24 billion'],
    ]);
    expect(numbersIn('In 2025, [BRC-100](https://x/7) says 3.5 million (Figure 19.3, HTTP 402) and `x = 9` fees of 1,234')).toEqual(['3.5 million', '1,234']);
  });

  for (const file of files) {
    it(`${file}: every calculation in an answer holds, and every figure is given, declared or written out`, async () => {
      const { body } = splitFrontmatter(await readFile(path.join(dir, file), 'utf8'), file);
      const exercises = exercisesOf(file, body);
      const checksFile = path.join(checksDir, file.replace(/\.md$/, '.yaml'));
      const declared: Declared = existsSync(checksFile) ? declaredSchema.parse(parse(await readFile(checksFile, 'utf8')) ?? {}) : {};
      const exposition = body.split(new RegExp(`^## ${EXERCISES_HEADING}\\n`, 'm'))[0] ?? '';
      const given = new Set(numbersIn(exposition).map(valueOf));
      const problems: string[] = [];
      for (const key of Object.keys(declared))
        if (!exercises.some((e) => e.number === Number(key))) problems.push(`declared checks for exercise ${key}, which ${file} does not have`);
      for (const ex of exercises) {
        const where = `${ex.chapter} exercise ${ex.number}`;
        const checked = new Set<number>();
        for (const { text, calculation, result } of writtenCalculations(ex.answer)) {
          const value = evaluate(calculation);
          if (Math.abs(value - valueOf(result)) > tolerance(result)) problems.push(`${where}: "${text}" is ${value}`);
          checked.add(valueOf(result));
          for (const operand of numbersIn(calculation)) checked.add(valueOf(operand));
        }
        for (const { figure, is } of declared[String(ex.number)] ?? []) {
          if (!ex.answer.includes(figure)) {
            problems.push(`${where}: the declared figure "${figure}" is not in the answer`);
            continue;
          }
          const value = evaluate(is);
          const printed = numbersIn(figure)[0] ?? figure;
          if (Math.abs(value - valueOf(printed)) > tolerance(printed)) problems.push(`${where}: "${figure}" should be ${value} (${is})`);
          checked.add(valueOf(printed));
        }
        const inQuestion = new Set(numbersIn(ex.question).map(valueOf));
        for (const n of numbersIn(ex.answer)) {
          const v = valueOf(n);
          if (v <= 12 || UNITS.has(v) || inQuestion.has(v) || given.has(v) || checked.has(v)) continue;
          problems.push(`${where}: ${n} is neither given, declared nor written out`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
