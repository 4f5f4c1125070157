/**
 * `npm run assistant:feedback`: what readers said of the assistant's answers ("Did this answer
 * your question?"), from the local site's Blobs (`npm start`'s store, or BLOBS_DIR): the share that
 * helped, then each vote with its question and first citation. The next question set comes from here.
 */
import path from 'node:path';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { summariseFeedback } from '../src/domain/assistant/feedback.ts';
import { BlobsFeedbackStore } from '../netlify/functions/_shared/blobs-feedback-store.ts';
import { startLocalBlobs } from './local-blobs.ts';

const directory = path.resolve(process.env['BLOBS_DIR'] ?? '.netlify/blobs-serve');
const token = `feedback-${Math.random().toString(36).slice(2)}`;
const server = await startLocalBlobs({ directory, token });
const url = `http://127.0.0.1:${server.port}`;
setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, token, siteID: 'local-site' });
try {
  const records = await new BlobsFeedbackStore(getStore({ name: 'assistant-feedback', consistency: 'strong' })).list();
  console.log(summariseFeedback(records));
} finally {
  await server.stop();
}
