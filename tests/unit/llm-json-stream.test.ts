import { describe, expect, it } from 'vitest';
import { jsonStringStream } from '../../src/domain/llm/json-stream.ts';

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
