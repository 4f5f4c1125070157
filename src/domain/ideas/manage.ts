import { ideaIdSchema, type IdeaRecord } from './schema.ts';
import type { ClaimOutcome, IdeaStore } from './store.ts';

/**
 * What owners do with their ideas: claim one they generated before signing in, delete one, list or
 * unlist one. The handlers (idea.mts, idea-claim.mts) map the outcomes to HTTP statuses.
 */

/** Who is asking: the signed-in user (or null) and the ids this browser's claim cookie names. */
export interface Viewer {
  userId: string | null;
  claimable: readonly string[];
}

/**
 * Whether `viewer` may manage (delete, list, unlist) the idea: its signed-in owner, or, while the
 * idea has no owner, the browser that made it (its claim cookie names the id: the newest 20 ideas
 * of the last hour). 'login' when signing in is what is missing (anonymous, with no claim on the
 * idea), 'forbidden' for someone else (signed in as another user, or a claim that names other
 * ideas).
 */
export function manageAccess(record: IdeaRecord, viewer: Viewer): 'ok' | 'login' | 'forbidden' {
  const claims = viewer.claimable.includes(record.id);
  if (record.userId !== undefined) {
    if (viewer.userId === record.userId) return 'ok';
    if (viewer.userId !== null) return 'forbidden';
    // The maker kept it in an account since: signing in is the way.
    return claims || viewer.claimable.length === 0 ? 'login' : 'forbidden';
  }
  if (claims) return 'ok';
  return viewer.userId !== null || viewer.claimable.length > 0 ? 'forbidden' : 'login';
}

export type ManageOutcome = 'not-found' | 'login' | 'forbidden';

/** The idea when `viewer` may manage it, or why not. */
export async function ideaToManage(store: IdeaStore, id: string, viewer: Viewer): Promise<IdeaRecord | ManageOutcome> {
  if (!ideaIdSchema.safeParse(id).success) return 'not-found';
  const record = await store.get(id);
  if (!record) return 'not-found';
  const access = manageAccess(record, viewer);
  return access === 'ok' ? record : access;
}

/** Where the share card of an idea is cached (deleted with the idea). */
export interface ShareCardCache {
  get(id: string): Promise<Uint8Array | null>;
  put(id: string, png: Uint8Array): Promise<void>;
  delete(id: string): Promise<void>;
}

export type DeleteOutcome = 'deleted' | ManageOutcome;

/**
 * Deletes an idea for whoever may manage it (`manageAccess`): its index entries, its share card,
 * then the record. Anyone else gets 'login' or 'forbidden' and nothing is touched.
 */
export async function deleteIdea(store: IdeaStore, cards: ShareCardCache, id: string, viewer: Viewer): Promise<DeleteOutcome> {
  const record = await ideaToManage(store, id, viewer);
  if (typeof record === 'string') return record;
  await store.delete(record);
  // After the record: a card left behind by a failure here is never served (the card function
  // reads the record first) and is overwritten if the id were ever reused.
  await cards.delete(id);
  return 'deleted';
}

/** Lists or unlists an idea for whoever may manage it; the record as it now is. */
export async function setIdeaListed(store: IdeaStore, id: string, listed: boolean, viewer: Viewer): Promise<IdeaRecord | ManageOutcome> {
  const record = await ideaToManage(store, id, viewer);
  if (typeof record === 'string') return record;
  return (await store.setListed(id, listed)) ?? 'not-found';
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
