import { cleanWorkDir } from './run.ts';

/** Starts `npm run test:examples` from an empty .tmp-examples (extracted examples and run folders). */
export default async function setup(): Promise<void> {
  await cleanWorkDir();
}
