import { ideaIdSchema } from './schema.ts';
import type { ClaimOutcome, IdeaStore } from './store.ts';

/**
 * What owners do with their ideas: claim one they generated before signing in, and delete one.
 * The handlers (idea.mts, idea-claim.mts) map the outcomes to HTTP statuses.
 */

/** Where the share card of an idea is cached (deleted with the idea). */
export interface ShareCardCache {
  get(id: string): Promise<Uint8Array | null>;
  put(id: string, png: Uint8Array): Promise<void>;
  delete(id: string): Promise<void>;
}

export type DeleteOutcome = 'deleted' | 'not-found' | 'forbidden';

/**
 * Deletes an idea for its owner: its index entries, its share card, then the record. An idea of
 * someone else, or an anonymous one (claim it first), is 'forbidden' and nothing is touched.
 */
export async function deleteIdea(store: IdeaStore, cards: ShareCardCache, id: string, userId: string): Promise<DeleteOutcome> {
  if (!ideaIdSchema.safeParse(id).success) return 'not-found';
  const record = await store.get(id);
  if (!record) return 'not-found';
  if (record.userId !== userId) return 'forbidden';
  await store.delete(record);
  // After the record: a card left behind by a failure here is never served (the card function
  // reads the record first) and is overwritten if the id were ever reused.
  await cards.delete(id);
  return 'deleted';
}

/** Claim outcome, plus 'not-claimable': this browser holds no claim for the idea. */
export type ClaimResult = ClaimOutcome | 'not-claimable';

/**
 * Gives an idea generated anonymously in this browser to the signed-in user. `claimable` are the
 * ids of the browser's claim token (generate-idea sets it; only that browser has it): the public
 * id alone is not enough. Idempotent: claiming one's own idea again is 'already-yours'.
 */
export async function claimIdea(store: IdeaStore, id: string, userId: string, claimable: readonly string[]): Promise<ClaimResult> {
  if (!ideaIdSchema.safeParse(id).success) return 'not-found';
  if (!claimable.includes(id)) {
    // Already the user's (claimed in another tab, whose token is gone now): still a success.
    const record = await store.get(id);
    if (!record) return 'not-found';
    return record.userId === userId ? 'already-yours' : 'not-claimable';
  }
  return store.claim(id, userId);
}
