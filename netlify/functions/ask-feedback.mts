import type { Config } from '@netlify/functions';
import { feedbackRequestSchema } from '../../src/domain/assistant/feedback.ts';
import { WindowRateLimiter } from '../../src/domain/rate-limit.ts';
import { isDeployed } from '../../src/lib/server-env.ts';
import { BlobsFeedbackStore } from './_shared/blobs-feedback-store.ts';
import { clientAddress } from './_shared/client.ts';
import { handler } from './_shared/handler.ts';
import { error, json } from './_shared/http.ts';

/** Votes per client: the same numbers as this function's Netlify `rateLimit` config. */
const FEEDBACK_WINDOW_LIMIT = 20;
const limiter = new WindowRateLimiter(FEEDBACK_WINDOW_LIMIT, 60_000);

/**
 * POST /api/ask/feedback `{ question, citations, helpful, engine }`: a reader's vote on an answer,
 * kept without any personal data (src/domain/assistant/feedback.ts). 201 when kept, 503 when the
 * day's limit is reached, 429 past the per-client limit.
 */
export default handler(
  { methods: ['POST'], body: feedbackRequestSchema, bodyLimit: 16 * 1024, unavailable: 'Your vote could not be kept right now; please try again later' },
  async ({ req, context, env, body }) => {
    if (!isDeployed(env) && env.GENERATE_RATE_LIMIT !== 'off') {
      const limit = await limiter.take(clientAddress(req, context));
      if (!limit.allowed) return error(429, `Too many votes; try again in ${limit.retryAfterSeconds} s.`, { 'retry-after': String(limit.retryAfterSeconds) });
    }
    const outcome = await new BlobsFeedbackStore().add({ ...body, at: new Date().toISOString() });
    if (outcome === 'full') return error(503, 'The assistant has had all the feedback it can keep today; thank you all the same');
    return json({ stored: true }, 201);
  },
);

export const config: Config = {
  path: '/api/ask/feedback',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
