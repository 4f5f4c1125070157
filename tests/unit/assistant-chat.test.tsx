import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import AssistantChat, { AnswerText } from '../../src/pages/assistant/_components/AssistantChat.tsx';

const citation = {
  chapterId: 'chapter-06',
  title: 'Chapter 6: Overlay Networks and SPV',
  section: 'Atomic BEEF',
  url: '/book/chapter-06#atomic-beef',
  quote: 'q',
};

describe('the assistant page island', () => {
  it('renders model output as text, never as HTML', () => {
    const html = renderToStaticMarkup(<AnswerText text={'<img src=x onerror="alert(1)"> <b>bold</b> [1]'} citations={[citation]} newTab={false} />);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;b&gt;bold&lt;/b&gt;');
  });

  it('links each [n] to its citation, in a new tab when framed; unknown numbers stay text', () => {
    const html = renderToStaticMarkup(<AnswerText text="BEEF carries proofs [1], not [2]." citations={[citation]} newTab />);
    expect(html).toMatch(
      /<a href="\/book\/chapter-06#atomic-beef" target="_blank" rel="noopener" title="Chapter 6: Overlay Networks and SPV, Atomic BEEF"[^>]*>\[1\]<\/a>/,
    );
    expect(html).toContain(', not [2].');
    expect(renderToStaticMarkup(<AnswerText text="[1]" citations={[citation]} newTab={false} />)).not.toContain('target=');
  });

  it('shows `code` as code, as text, and leaves a lone backtick alone', () => {
    const html = renderToStaticMarkup(<AnswerText text={'Call `tx.fee(<b>)` [1]; a ` alone stays.'} citations={[citation]} newTab={false} />);
    expect(html).toMatch(/<code[^>]*>tx\.fee\(&lt;b&gt;\)<\/code>/);
    expect(html).toContain('; a ` alone stays.');
  });

  it('starts with an invitation, example questions and a labelled question box', () => {
    const html = renderToStaticMarkup(<AssistantChat bookTitle="Infrastructure Renaissance" />);
    expect(html).toContain('Ask anything about <em>Infrastructure Renaissance</em>');
    expect(html).toContain('<label for="assistant-question"');
    // A longer paste is kept whole and flagged, not cut at 1,000 characters without a word.
    expect(html).not.toContain('maxLength');
    expect(html).toContain('<span>0/1000</span>');
  });
});
