import { scoreResponse } from '../support/observatory.ts';
import { expect, expectNoA11yViolations, gotoHydrated, test, useTheme, waitForHydration } from './fixtures.ts';

/**
 * The book assistant: asked inside the generator's "Ask BitGenius AI" dialog, its
 * answer cites the book, and a citation opens the reader at the cited section. On its own,
 * /assistant is a page of the site; only this site may frame it.
 */
test.describe('book assistant', () => {
  test('answers inside the generator dialog and a citation opens the reader at its section', async ({ page }) => {
    await gotoHydrated(page, '/generator');
    await page.getByRole('button', { name: 'Ask BitGenius AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'BitGenius AI' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The Infrastructure Renaissance Authors');
    await expect(dialog.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', '/assistant');
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.width <= viewport.width * 0.95 + 1 && box.height <= viewport.height * 0.85 + 1).toBe(true);

    const frame = page.frameLocator('iframe[title="BitGenius AI assistant"]');
    // Framed, the page shows no site navigation or footer of its own.
    await expect(frame.getByRole('textbox', { name: 'Your question' })).toBeVisible();
    await expect(frame.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await frame.locator('html:not(:has(astro-island[ssr]))').waitFor();
    await frame.getByRole('textbox', { name: 'Your question' }).fill('How do SHIP and SLAP help find overlay hosts?');
    await frame.getByRole('button', { name: 'Ask' }).click();
    const answer = frame.getByTestId('assistant-answer').last();
    await expect(answer).toContainText('Offline engine');
    const sources = answer.getByTestId('assistant-citations');
    await expect(sources.getByRole('link').first()).toHaveText('Chapter 6: Overlay Networks and SPV: Finding hosts: SHIP and SLAP');
    await expectNoA11yViolations(page);

    // The frame follows a theme change made by the page around it (same storage).
    await expect(frame.locator('html')).not.toHaveClass(/dark/);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await expect(frame.locator('html')).toHaveClass(/dark/);

    // Citations open in a new tab (the generator stays as it was), at the cited heading.
    const popupPromise = page.waitForEvent('popup');
    await sources.getByRole('link').first().click();
    const reader = await popupPromise;
    await reader.waitForLoadState();
    expect(new URL(reader.url()).pathname + new URL(reader.url()).hash).toBe('/book/chapter-06#finding-hosts-ship-and-slap');
    const heading = reader.getByRole('heading', { name: 'Finding hosts: SHIP and SLAP' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeInViewport();
    await reader.close();
    await expect(dialog).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('the dialog is a full-screen sheet: the assistant gets the width and most of the height, and Escape inside it closes it', async ({ page }) => {
      await gotoHydrated(page, '/generator');
      await page.getByRole('button', { name: 'Ask BitGenius AI' }).click();
      const dialog = page.getByRole('dialog', { name: 'BitGenius AI' });
      await expect(dialog).toBeVisible();
      const frameBox = await page.locator('iframe[title="BitGenius AI assistant"]').boundingBox();
      expect(frameBox?.width ?? 0).toBeGreaterThanOrEqual(350);
      expect(frameBox?.height ?? 0).toBeGreaterThanOrEqual(844 * 0.6);
      const frame = page.frameLocator('iframe[title="BitGenius AI assistant"]');
      await frame.locator('html:not(:has(astro-island[ssr]))').waitFor();
      await frame.getByRole('textbox', { name: 'Your question' }).click();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Ask BitGenius AI' })).toBeFocused();
    });
  });

  test('a follow-up keeps the subject, and a new question does not go back to the old one', async ({ page }) => {
    await gotoHydrated(page, '/assistant');
    const box = page.getByRole('textbox', { name: 'Your question' });
    const ask = async (question: string) => {
      await box.fill(question);
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      await expect(page.getByTestId('assistant-answer')).toHaveCount(asked + 1);
      asked += 1;
      return page.getByTestId('assistant-answer').last();
    };
    let asked = await page.getByTestId('assistant-answer').count();
    const beef = await ask('What is BEEF?');
    await expect(beef).toContainText('BEEF stands for Background Evaluation Extended Format');
    const size = await ask('How large can it get?');
    await expect(size.getByTestId('assistant-citations').getByRole('link').first()).toContainText('Chapter 6');
    await ask('How do I stop a 402 payment from being replayed?');
    const teranode = await ask('What is Teranode and how does it scale?');
    await expect(teranode.getByTestId('assistant-citations').getByRole('link').first()).toContainText(/Chapter (3|18|19)/);
    await expect(teranode.getByTestId('assistant-citations')).toContainText(/Teranode/);
  });

  test('"Did this answer your question?": a vote on /assistant and in the dialog is kept, one per answer', async ({ page }) => {
    const votes: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/ask/feedback')) votes.push(req.postDataJSON());
    });
    await gotoHydrated(page, '/assistant');
    await page.getByRole('textbox', { name: 'Your question' }).fill('What is BEEF?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const feedback = page.getByRole('group', { name: 'Did this answer your question?' });
    await feedback.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Thank you: your answer helps the next reader.')).toBeVisible();
    await expect(feedback).toHaveCount(0);
    // The conversation kept in this tab remembers the vote: the answer is not asked about again.
    await gotoHydrated(page, '/assistant');
    await expect(page.getByTestId('assistant-turn')).toHaveCount(1);
    await expect(feedback).toHaveCount(0);
    expect(votes).toEqual([
      { question: 'What is BEEF?', citations: expect.arrayContaining([expect.stringMatching(/^\/book\/chapter-06/)]), helpful: true, engine: 'offline' },
    ]);

    await gotoHydrated(page, '/generator');
    await page.getByRole('button', { name: 'Ask BitGenius AI' }).click();
    const frame = page.frameLocator('iframe[title="BitGenius AI assistant"]');
    await frame.locator('html:not(:has(astro-island[ssr]))').waitFor();
    await frame.getByRole('textbox', { name: 'Your question' }).fill('How do SHIP and SLAP help find overlay hosts?');
    await frame.getByRole('button', { name: 'Ask' }).click();
    await frame.getByRole('group', { name: 'Did this answer your question?' }).getByRole('button', { name: 'No' }).click();
    await expect(frame.getByText('Thank you: your answer helps the next reader.')).toBeVisible();
    await expect.poll(() => votes.length).toBe(2);
    expect(votes[1]).toMatchObject({ helpful: false, engine: 'offline' });
  });

  test('on its own: the site layout, a conversation with follow-ups, clear errors, dark theme', async ({ page }) => {
    await useTheme(page, 'dark');
    await gotoHydrated(page, '/assistant');
    await expect(page).toHaveTitle(/Ask BitGenius AI/);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Ask BitGenius AI' })).toBeVisible();

    // An empty question is not sent.
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect(page.getByRole('status')).toHaveText('Type a question first.');
    await expect(page.getByTestId('assistant-turn')).toHaveCount(0);

    // An example question, then a follow-up in the same conversation (Enter sends).
    await page.getByRole('button', { name: /BRC-100 wallet/ }).click();
    await expect(page.getByTestId('assistant-citations').first()).toContainText('Chapter 8: Wallet Authentication');
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill('What is the capital of France?');
    await box.press('Enter');
    await expect(page.getByTestId('assistant-answer').nth(1)).toContainText('The book does not cover general history or geography trivia');
    await expect(page.getByTestId('assistant-turn')).toHaveCount(2);
    await expectNoA11yViolations(page);

    // Citations link into the reader in the same tab when the page is not framed.
    const first = page.getByTestId('assistant-citations').first().getByRole('link').first();
    await expect(first).not.toHaveAttribute('target', '_blank');
    await first.click();
    await page.waitForURL(/\/book\/chapter-08#/);
    await waitForHydration(page);
  });

  test.describe('what a reader does with it', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('keeps the conversation across a visit to a source, wraps long words, and keeps a long paste unsent', async ({ page }) => {
      await gotoHydrated(page, '/assistant');
      const box = page.getByRole('textbox', { name: 'Your question' });
      // A transaction id is one 64-character word: the question wraps inside the phone's width.
      const txid = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';
      await box.fill(`Is my payment confirmed? txid ${txid}`);
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      const asked = page.getByTestId('assistant-turn').first().locator('p').first();
      await expect(asked).toContainText(txid);
      const bubble = await asked.boundingBox();
      expect(bubble && bubble.width > 100 && bubble.x >= 0 && bubble.x + bubble.width <= 390 + 1, JSON.stringify(bubble)).toBe(true);
      await expect(page.getByTestId('assistant-citations').first()).toBeVisible();

      // A source opens in this tab; coming back finds the conversation and the question being typed.
      await box.fill('What is BEEF?');
      await page.getByTestId('assistant-citations').first().getByRole('link').first().click();
      await page.waitForURL(/\/book\/chapter-/);
      await page.goBack();
      await waitForHydration(page);
      await expect(page.getByTestId('assistant-turn')).toHaveCount(1);
      await expect(page.getByTestId('assistant-turn').first()).toContainText(txid);
      await expect(box).toHaveValue('What is BEEF?');

      // A paste longer than 1,000 characters is kept whole, flagged, and not sent.
      await box.fill(`${'I run a cold chain for vaccines across three countries. '.repeat(20)}How do I prove the temperature log was not edited?`);
      await expect(page.getByRole('status')).toHaveText('A question can be at most 1000 characters: shorten it to send it.');
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await box.press('Enter');
      await expect(page.getByTestId('assistant-turn')).toHaveCount(1);
      await expect(box).toHaveValue(/How do I prove the temperature log was not edited\?$/);

      // A new conversation starts empty, and stays so after a reload.
      await page.getByRole('button', { name: 'New conversation' }).click();
      await expect(page.getByTestId('assistant-turn')).toHaveCount(0);
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByTestId('assistant-turn')).toHaveCount(0);

      // What the tab's storage holds is restored only in the API's shape, with links into the reader only.
      await page.evaluate(() => {
        const response = (url: string) => ({
          answer: 'See [1]',
          citations: [{ chapterId: 'chapter-02', title: 'Chapter 2', section: 'SPV', url, quote: 'q' }],
          engine: 'offline',
          model: 'm',
        });
        const turn = (id: number, extra: object) => ({ id, question: `question ${id}`, text: 'See [1]', state: 'done', ...extra });
        const turns = [
          turn(1, { response: response('/book/chapter-02') }),
          turn(2, { response: response('javascript:alert(1)') }),
          turn(3, { response: { citations: 'x' } }),
          'junk',
        ];
        sessionStorage.setItem('assistant-conversation', JSON.stringify({ turns, draft: 7 }));
      });
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByTestId('assistant-turn')).toHaveCount(1);
      await expect(page.getByTestId('assistant-turn')).toContainText('question 1');
      await expect(box).toHaveValue('');
    });
  });

  test.describe('when the server fails without a JSON error', () => {
    test.use({ allowConsoleErrors: [/status of 500 \(Internal Server Error\)/] });
    test('says so once, and puts the question back in the box', async ({ page }) => {
      await page.route('**/api/ask', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'oops' }));
      await gotoHydrated(page, '/assistant');
      const box = page.getByRole('textbox', { name: 'Your question' });
      await box.fill('What is SPV?');
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('500: The assistant could not answer just now. Your question is back in the box: please try again.');
      await expect(box).toHaveValue('What is SPV?');
    });
  });

  test.describe('when the API refuses', () => {
    test.use({ allowConsoleErrors: [/status of 429 \(Too Many Requests\)/] });
    test('shows the error of the API', async ({ page }) => {
      await page.route('**/api/ask', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Too many questions; at most 30 a minute. Try again in 12 s.' }),
        }),
      );
      await gotoHydrated(page, '/assistant');
      await page.getByRole('textbox', { name: 'Your question' }).fill('What is SPV?');
      await page.getByRole('button', { name: 'Ask' }).click();
      await expect(page.getByRole('alert')).toHaveText('429: Too many questions; at most 30 a minute. Try again in 12 s.');
    });
  });

  test('only this site may frame /assistant; other pages refuse framing, the generator frames only it', async ({ request, baseURL }) => {
    const own = await request.get('/assistant');
    expect(own.status()).toBe(200);
    const score = scoreResponse(own.headers(), { https: false, origin: baseURL ?? '', html: await own.text() });
    expect(score.grade, JSON.stringify(score.tests)).toBe('A+');
    expect(own.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(own.headers()['content-security-policy']).not.toContain("'unsafe-inline' 'self'");
    expect(own.headers()['x-frame-options']).toBe('SAMEORIGIN');
    const generator = await request.get('/generator');
    const csp = generator.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/frame-src 'self'(;|$)/);
    expect(generator.headers()['x-frame-options']).toBe('DENY');
  });
});
