// The predicate of the partial tag index (links_tagged_idx, db/schema/links.ts: untagged links are
// left out of it). Every query that filters links by tag states it too, or PostgreSQL cannot use
// that index and reads every link instead.
export const TAGGED_LINKS = `tags <> '{}'::text[]`;
