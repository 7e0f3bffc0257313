import { pgSequence } from 'drizzle-orm/pg-core';

// The live channel's event numbers (platform/event-bus.ts).

/**
 * The live channel's event numbers, the same on every server (platform/event-bus.ts): the SSE id a
 * stream resumes after.
 */
export const liveEventSeq = pgSequence('live_event_seq');
