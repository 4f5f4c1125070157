import { expect, expectNoA11yViolations, gotoHydrated, sharePopup, test, useTheme } from './fixtures.ts';

test.describe('generator page', () => {
  // Generation goes through the real function and Blobs server, which is slow on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test('shows the controls with the spec values, the nav, and passes axe in both themes', async ({ page }) => {
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme);
      await gotoHydrated(page, '/generator');
      await page.evaluate((t) => {
        localStorage.setItem('theme', t);
        document.documentElement.classList.toggle('dark', t === 'dark');
      }, theme);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Book', exact: true })).toHaveAttribute('href', '/book');
      await expect(nav.getByRole('link', { name: 'Generator', exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Ideas', exact: true })).toHaveAttribute('href', '/ideas');
      await expect(page.getByRole('main').getByRole('link', { name: 'Login to Save Ideas' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Configure Your Vision' })).toBeVisible();
      await expectNoA11yViolations(page);
    }
    const category = page.getByLabel('Business category');
    await expect(category).toHaveValue('all');
    const values = await category.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(values).toEqual([
      'all',
      'fintech',
      'healthcare',
      'gaming',
      'supply-chain',
      'social-media',
      'education',
      'energy',
      'real-estate',
      'agriculture',
      'manufacturing',
      'identity-attribution-authentication',
      'it-networking-security',
      'transportation-logistics',
      'governance',
      'intellectual-property-legal',
    ]);
    await expect(page.getByRole('slider')).toHaveValue('5');
    await expect(page.getByRole('switch', { name: 'AI engine' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText(/Anthropic Claude/).first()).toBeVisible();
  });

  test('generates an idea over the streamed API: pending state, loading panel, then the full result', async ({ page }) => {
    await gotoHydrated(page, '/generator');
    await page.getByLabel('Business category').selectOption('healthcare');
    await page.getByLabel('BSV feature').selectOption('timestamping');
    await expect(page).toHaveURL(/businessCategory=healthcare&bsvFeature=timestamping/);
    // Hold the answer back so the pending state can be observed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/generate-idea', async (route) => {
      await held;
      await route.continue();
    });
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/generate-idea'));
    await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
    const pendingButton = page.getByRole('button', { name: 'GENERATING...' });
    await expect(pendingButton).toBeDisabled();
    // No API key here: the offline engine chooses an idea of the library, and the panel says so.
    await expect(page.getByRole('heading', { name: "Choosing an idea from the book's library..." })).toBeVisible();
    release();
    // The page asks for the streamed variant (progress events, then the idea).
    expect((await answer).headers()['content-type']).toMatch(/text\/event-stream/);
    const result = page.getByTestId('result-panel');
    await expect(result).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Generate Revolutionary Idea' })).toBeEnabled();
    // The keyboard's focus is on what Generate produced, not dropped to the page.
    await expect(result).toBeFocused();
    // The idea page's section names (one shared article), Core Features included.
    for (const heading of [
      'Business Overview',
      'Pain Points Solved',
      'Core Features',
      'Technology Synergies',
      'Market Analysis',
      'Business Model',
      'Revenue Streams',
      'Cost Structure',
      'Key Metrics',
      'Implementation Roadmap',
      'Competitive Advantages',
      'Key Differentiators',
      'Technical Architecture',
      'Key Details',
    ]) {
      await expect(result.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(result.getByRole('heading', { name: 'Quick Stats' })).toHaveCount(0);
    await expect(result.getByText('AI Engine', { exact: true })).toBeVisible();
    await expect(result.getByText(/offline library/i).first()).toBeVisible();
    await expect(result.getByTestId('made-by')).toHaveText("From the book's offline idea library, written by people");
    // A healthcare idea of the library draws on sections of the book: links into the reader.
    const inspired = result.getByRole('region', { name: 'Inspired by the Book' }).getByRole('link');
    await expect(inspired.first()).toHaveAttribute('href', /^\/book\/chapter-\d\d(#[a-z0-9-]+)?$/);
    const view = result.getByRole('link', { name: 'View' });
    await expect(view).toHaveAttribute('href', /^\/idea\/[A-Za-z0-9_-]{8,}$/);
    await expect(result.getByRole('button', { name: 'Share' })).toBeVisible();
    // Share: the same tweet intent as the idea cards (title, summary, hashtags, the idea's link).
    const title = (await result.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
    const popup = await sharePopup(page, () => result.getByRole('button', { name: 'Share' }).click());
    const intent = new URL(popup.url());
    expect(intent.searchParams.get('text')).toContain(title);
    expect(intent.searchParams.get('text') ?? intent.searchParams.get('url')).toContain(`/idea/${(await view.getAttribute('href'))?.split('/').pop()}`);
    await popup.close();
    // Scrolled into view.
    await expect.poll(() => result.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await expectNoA11yViolations(page);
  });

  test('renders a plain idea without the extra fields (no id, engine or chapters) and hides their parts', async ({ page }) => {
    await gotoHydrated(page, '/generator');
    const plain = {
      businessName: 'Plain Answer Co',
      executiveSummary: 'A plain idea as docs/spec.md section 7 allows it.',
      painPointsSolved: ['One pain'],
      marketAnalysis: 'A market.',
      businessModel: {
        quickStats: { minPayment: '$0.01', targetTPS: '10', marketSize: '$1B', launchTime: '3 months' },
        revenueStreams: ['Fees'],
        costStructure: ['Hosting'],
      },
      technologySynergies: { internet: 'Web', ai: 'Models', bsv: 'Chain' },
      coreFeatures: [{ title: 'Plain feature', description: 'Does one thing.' }],
      implementationRoadmap: [{ phase: 'Build', timeline: 'Q1', tasks: ['Ship'] }],
      marketDifferentiation: {
        competitiveAdvantages: ['Cheap'],
        technicalArchitecture: { frontend: 'Web', backend: 'Functions', aiEngine: 'Model', blockchain: 'BSV', database: 'Blobs', infrastructure: 'CDN' },
      },
    };
    await page.route('**/api/generate-idea', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(plain) }));
    await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
    const result = page.getByTestId('result-panel');
    await expect(result.getByRole('heading', { level: 2, name: 'Plain Answer Co' })).toBeVisible();
    await expect(result.getByText('Plain feature')).toBeVisible();
    await expect(result.getByRole('link', { name: 'View' })).toHaveCount(0);
    await expect(result.getByRole('button', { name: 'Share' })).toHaveCount(0);
    await expect(result.getByText('Written by')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Configure Your Vision' })).toBeVisible();
  });

  test('consent to publish: the page says before the button whether the idea will be listed, and an unlisted idea stays out of the lists', async ({
    page,
    request,
  }) => {
    await gotoHydrated(page, '/generator');
    const listed = page.getByRole('checkbox', { name: 'List this idea in the community ideas' });
    await expect(listed).toBeChecked();
    await expect(page.getByTestId('listed-state')).toHaveText('The idea will be listed on Browse Ideas for everyone to see.');
    await listed.uncheck();
    await expect(page.getByTestId('listed-state')).toHaveText('The idea will be unlisted: stored, and visible only to people who have its link.');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/generate-idea'));
    await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ listed: false });
    const result = page.getByTestId('result-panel');
    await expect(result.getByTestId('saved-state')).toContainText('Unlisted: only people with its link can see it.', { timeout: 60_000 });
    const id = (await result.getByRole('link', { name: 'View' }).getAttribute('href'))?.split('/').pop() ?? '';
    expect((await request.get(`/api/idea/${id}`)).status()).toBe(200);
    const recent = (await (await request.get('/api/recent-ideas?limit=50')).json()) as { id: string }[];
    expect(recent.map((r) => r.id)).not.toContain(id);
    const gallery = (await (await request.get('/api/ideas?limit=50')).json()) as { ideas: { id: string }[] };
    expect(gallery.ideas.map((r) => r.id)).not.toContain(id);
  });

  test('the seed goes into the page URL after a result, and a link with a seed sends it once (the link reproduces the idea)', async ({ page }) => {
    const bodies: Record<string, unknown>[] = [];
    let n = 0;
    await page.route('**/api/generate-idea', async (route) => {
      bodies.push(route.request().postDataJSON() as Record<string, unknown>);
      n += 1;
      const upstream = await route.fetch({
        postData: JSON.stringify({ ...bodies.at(-1), seed: undefined }),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
      });
      const idea = (await upstream.json()) as Record<string, unknown>;
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...idea, seed: `seed-${n}` }) });
    });
    await gotoHydrated(page, '/generator?businessCategory=energy');
    await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
    await expect(page.getByTestId('result-panel')).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/generator\?businessCategory=energy&seed=seed-1$/);
    // A click sends the next seed of this visit's series (clicking again never repeats a concept).
    expect(bodies[0]?.['seed']).toMatch(/^[A-Za-z0-9]{8}--1$/);

    // Opening the link: the controls are filled, the first generation sends the seed, the next does not.
    await gotoHydrated(page, '/generator?businessCategory=energy&innovationLevel=8&seed=seed-1');
    await expect(page.getByLabel('Business category')).toHaveValue('energy');
    await expect(page.getByRole('slider')).toHaveValue('8');
    await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
    await expect(page).toHaveURL(/seed=seed-2$/, { timeout: 60_000 });
    expect(bodies[1]).toMatchObject({ businessCategory: 'energy', innovationLevel: 8, seed: 'seed-1' });
    await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
    await expect(page).toHaveURL(/seed=seed-3$/, { timeout: 60_000 });
    // The link's seed was sent once; the next click continues this visit's series.
    expect(bodies[2]?.['seed']).toMatch(/^[A-Za-z0-9]{8}--2$/);
    // Changing a control drops the seed from the URL (it would no longer reproduce the idea).
    await page.getByLabel('Target market').selectOption('b2b');
    await expect(page).toHaveURL(/\/generator\?businessCategory=energy&targetMarket=b2b&innovationLevel=8$/);
  });

  test('the intro reads "chapters of Infrastructure Renaissance", and the result summary is readable paragraphs', async ({ page }) => {
    await gotoHydrated(page, '/generator');
    await expect(page.locator('header p').first()).toContainText('chapters of Infrastructure Renaissance,');
    await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
    const overview = page.getByTestId('result-panel').getByRole('region', { name: 'Business Overview' });
    await expect(overview).toBeVisible({ timeout: 60_000 });
    const paragraphs = overview.locator('p');
    const texts = await paragraphs.allTextContents();
    const sentences = texts.join(' ').split(/(?<=[.!?])\s+(?=[A-Z])/).length;
    if (sentences > 3) expect(texts.length).toBeGreaterThan(1);
    expect(await paragraphs.first().evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test('the engine switch sits on one row with both providers', async ({ page }) => {
      await gotoHydrated(page, '/generator');
      const row = page.getByTestId('engine-row');
      const boxes = await Promise.all(
        [row.locator(':scope > span').first(), page.getByRole('switch', { name: 'AI engine' }), row.locator(':scope > span').last()].map((l) =>
          l.boundingBox(),
        ),
      );
      const [openai, toggle, anthropic] = boxes;
      expect(openai && toggle && anthropic).toBeTruthy();
      if (!openai || !toggle || !anthropic) return;
      // Same row: each label overlaps the switch vertically and sits beside it.
      for (const label of [openai, anthropic]) expect(label.y < toggle.y + toggle.height && toggle.y < label.y + label.height).toBe(true);
      expect(openai.x + openai.width).toBeLessThanOrEqual(toggle.x);
      expect(toggle.x + toggle.width).toBeLessThanOrEqual(anthropic.x);
    });
  });

  test('falls back to defaults for invalid values in the URL', async ({ page }) => {
    await gotoHydrated(page, '/generator?businessCategory=moon&innovationLevel=42&targetMarket=b2g&engine=openai');
    await expect(page.getByLabel('Business category')).toHaveValue('all');
    await expect(page.getByLabel('Target market')).toHaveValue('b2g');
    await expect(page.getByRole('slider')).toHaveValue('5');
    await expect(page.getByRole('switch', { name: 'AI engine' })).toHaveAttribute('aria-checked', 'false');
    await gotoHydrated(page, '/generator?aiFocus=nlp&innovationLevel=8');
    await expect(page.getByLabel('AI focus')).toHaveValue('nlp');
    await expect(page.getByRole('slider')).toHaveValue('8');
  });

  test.describe('failure', () => {
    test.use({ allowConsoleErrors: [/status of 503/] });
    test('shows the error panel when generation fails', async ({ page }) => {
      await gotoHydrated(page, '/generator');
      await page.route('**/api/generate-idea', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'The generator is not available right now; please try again later' }),
        }),
      );
      await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
      const panel = page.getByTestId('error-panel');
      await expect(panel.getByRole('heading', { name: 'Generation Failed' })).toBeVisible();
      // docs/spec.md's status prefix, then the error's text (not the raw JSON body).
      await expect(panel).toContainText('503: The generator is not available right now; please try again later');
      await expect(panel).not.toContainText('{"error"');
      await expectNoA11yViolations(page);
    });
  });

  // What the dialog embeds, its size, credit and link: tests/e2e/assistant.spec.ts.
  test('opens the assistant dialog and closes it with Escape', async ({ page }) => {
    await gotoHydrated(page, '/generator');
    await page.getByRole('button', { name: 'Ask BitGenius AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'BitGenius AI' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', '/assistant');
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
