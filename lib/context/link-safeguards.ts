// The checks createLink makes around a new link for spam prevention (issue 18, point 7): the
// daily quota of the workspace's plan, and the throttle on creators whose destinations keep being
// refused as unsafe. One object, so the process decides (with its configuration) whether they apply.
import type { Plan } from '../../db/schema';
import type { Db } from '../db/types';
import { countLinkCreation } from '../ratelimit/link-quota';
import { assertNotThrottled, recordUnsafeRefusal, type Creator } from '../safety/unsafe-strikes';

export interface LinkSafeguards {
  /** Throws 429 unsafe_throttled while the creator is paused. */
  assertNotThrottled(who: Creator): Promise<void>;
  /** Counts an unsafe_url refusal against the creator. */
  recordUnsafeRefusal(db: Db, who: Creator, url: string, reason: string): Promise<void>;
  /** Counts one new link (or `count`) against the workspace's daily quota; throws 429 quota_exceeded past it. */
  countLinkCreation(db: Db, workspaceId: string, plan?: Plan, count?: number): Promise<void>;
}

export const linkSafeguards: LinkSafeguards = { assertNotThrottled, recordUnsafeRefusal, countLinkCreation };
