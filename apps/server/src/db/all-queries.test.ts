import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { activeReferences } from '../modules/proposal/proposal-references.queries.ts';
import { loadSurveys } from '../modules/survey/survey.queries.ts';
import { allQueries } from './all-queries.ts';
import type { Db } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Three queries that note when each starts and ends. */
const traced = (db: Db, order: string[]) =>
  ['a', 'b', 'c'].map((name) => async () => {
    order.push(`${name} starts`);
    await db.execute(sql`select 1`);
    order.push(`${name} ends`);
    return name;
  });

describe('allQueries', () => {
  it('sends the queries together on the pool', async () => {
    const order: string[] = [];
    expect(await allQueries(t.db, traced(t.db, order))).toEqual(['a', 'b', 'c']);
    expect(order.slice(0, 3)).toEqual(['a starts', 'b starts', 'c starts']);
  });

  it('sends them one after another in a transaction, whose one connection takes one query at a time', async () => {
    const order: string[] = [];
    const results = await t.db.transaction((tx) => allQueries(tx, traced(tx, order)));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });
});

// node-postgres queues a query sent on a busy connection and warns (once per process; pg 9 refuses it), so a
// query function that sends queries together inside a transaction shows here. PostgreSQL only: PGlite has
// no such connection.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'query functions in a transaction (PostgreSQL)',
  () => {
    it('send one query at a time', async () => {
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      try {
        await t.db.transaction(async (tx) => {
          await activeReferences(tx, { roadId: 1, villageId: 1, consultantId: 1 });
          await loadSurveys(tx, [1, 2]);
        });
        // Warnings are emitted on the next tick.
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('warning', onWarning);
      }
      expect(warnings).toEqual([]);
    });
  },
);
