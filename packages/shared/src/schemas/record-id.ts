import { z } from './zod.ts';

/**
 * The largest id a record can have: PostgreSQL's integer. A bigger number cannot name a record, and
 * PostgreSQL refuses to compare one with an integer column, so it is refused here with the field's message.
 */
export const MAX_RECORD_ID = 2_147_483_647;

/** A reference to a record: a positive whole number up to MAX_RECORD_ID, as number or numeric string. */
export const recordId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_RECORD_ID, { error: message });
