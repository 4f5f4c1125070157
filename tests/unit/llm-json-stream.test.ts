import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonKeyStream, jsonStringStream } from '../../src/domain/llm/json-stream.ts';

describe('jsonStringStream', () => {
  it('streams the answer string of a JSON object, decoding escapes across chunks', () => {
    const json = '{"answer": "Line \\"one\\" [1]\\nline two \\u00e9 \\\\ done  "}';
    for (const size of [1, 2, 5, json.length]) {
      let out = '';
      const push = jsonStringStream('answer', (t) => (out += t));
      for (let i = 0; i < json.length; i += size) push(json.slice(i, i + size));
      expect(out).toBe('Line "one" [1]\nline two \u00e9 \\ done  ');
    }
  });

  it('ignores other keys and nested strings', () => {
    let out = '';
    const push = jsonStringStream('answer', (t) => (out += t));
    push('{"note": "answer", "x": {"answer": "no"}, "answer": "yes"}');
    expect(out).toBe('yes');
  });

  it('passes nothing on for text that is not JSON', () => {
    let out = '';
    const push = jsonStringStream('answer', (t) => (out += t));
    push('Sorry, I cannot');
    push(' answer that.');
    expect(out).toBe('');
  });
});

describe('jsonKeyStream', () => {
  it('reports top-level keys once, in order, whatever the chunking', () => {
    const text = JSON.stringify({ businessName: 'A "quoted": name', nested: { executiveSummary: 'x' }, list: [{ phase: 1 }], marketAnalysis: 'y\\' });
    fc.assert(
      fc.property(fc.array(fc.nat({ max: text.length }), { maxLength: 20 }), (cuts) => {
        const seen: string[] = [];
        const push = jsonKeyStream((k) => seen.push(k));
        const points = [...new Set([0, ...cuts, text.length])].sort((a, b) => a - b);
        for (let i = 1; i < points.length; i += 1) push(text.slice(points[i - 1], points[i]));
        expect(seen).toEqual(['businessName', 'nested', 'list', 'marketAnalysis']);
      }),
    );
  });

  it('reports nothing for text that is not a JSON object', () => {
    const seen: string[] = [];
    const push = jsonKeyStream((k) => seen.push(k));
    push('Sorry, I cannot');
    push(' write that.');
    expect(seen).toEqual([]);
  });
});
