import { encodeCursor, type GalleryQuery } from './gallery.ts';
import { toObject } from './normalize.ts';
import type { IdeaRecord, PublicIdeaRecord } from './schema.ts';
import { ideaIdSchema } from './schema.ts';
import { manageAccess, type Viewer } from './manage.ts';
import { isListed, type IdeaStore } from './store.ts';

/**
 * The read side of ideas (GET /api/recent-ideas, /api/saved-ideas, /api/idea/{id}). Lists come
 * from the store's small indexes, so a read costs one blob however many ideas are stored.
 */

/** A stored record as the API answers it: JSON strings parsed (unparsable ones read as `{}`). */
export function toPublicRecord(record: IdeaRecord): PublicIdeaRecord {
  return {
    id: record.id,
    businessName: record.businessName,
    generatedIdea: toObject(record.generatedIdea),
    parameters: toObject(record.parameters),
    createdAt: record.createdAt,
    ...(record.engine ? { engine: record.engine } : {}),
    ...(record.model ? { model: record.model } : {}),
    ...(record.resolvedSettings ? { resolvedSettings: record.resolvedSettings } : {}),
  };
}

/** The newest ideas, newest first, at most `limit`. */
export async function recentIdeas(store: IdeaStore, limit: number): Promise<PublicIdeaRecord[]> {
  return (await store.recent(limit)).map(toPublicRecord);
}

/** The ideas a user generated while signed in (or kept), newest first, each saying whether it is listed. */
export async function savedIdeas(store: IdeaStore, userId: string): Promise<PublicIdeaRecord[]> {
  return (await store.byUser(userId)).map((record) => ({ ...toPublicRecord(record), listed: isListed(record) }));
}

/**
 * An idea as GET /api/idea/{id} answers it. `canManage`: this browser may delete it and change its
 * visibility (its signed-in owner, or the anonymous maker's claim); then `listed` says whether it
 * is public. `ownedByYou` is set for its signed-in owner only.
 */
export type ViewedIdea = PublicIdeaRecord & { canManage: boolean; ownedByYou?: true };

/**
 * One idea, or null when the id is malformed or unknown (both are "not found" to a reader). The
 * answer says what the viewer may do with it; the owner's id itself is never public.
 */
export async function findIdea(store: IdeaStore, id: string, viewer: Viewer = { userId: null, claimable: [] }): Promise<ViewedIdea | null> {
  return (await findIdeaWithListing(store, id, viewer))?.idea ?? null;
}

/**
 * {@link findIdea}, and whether the idea is listed whoever asks: the idea's public page tells
 * search engines not to index an unlisted idea, without telling its visitors.
 */
export async function findIdeaWithListing(
  store: IdeaStore,
  id: string,
  viewer: Viewer = { userId: null, claimable: [] },
): Promise<{ idea: ViewedIdea; listed: boolean } | null> {
  if (!ideaIdSchema.safeParse(id).success) return null;
  const record = await store.get(id);
  if (!record) return null;
  return { idea: viewedIdea(record, viewer), listed: isListed(record) };
}

function viewedIdea(record: IdeaRecord, viewer: Viewer): ViewedIdea {
  const canManage = manageAccess(record, viewer) === 'ok';
  return {
    ...toPublicRecord(record),
    canManage,
    ...(canManage ? { listed: isListed(record) } : {}),
    ...(viewer.userId && record.userId === viewer.userId ? { ownedByYou: true as const } : {}),
  };
}

/** GET /api/ideas: one gallery page, newest first, and the cursor of the next (null at the end). */
export async function galleryPage(store: IdeaStore, query: GalleryQuery): Promise<{ ideas: PublicIdeaRecord[]; nextCursor: string | null }> {
  const { entries, next } = await store.gallery(query.stream, query.limit, query.cursor);
  return { ideas: entries.map(toPublicRecord), nextCursor: next ? encodeCursor(next) : null };
}
