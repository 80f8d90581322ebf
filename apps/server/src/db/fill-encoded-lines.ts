import { isNull, sql } from 'drizzle-orm';
import { encodeParts, encodeSegments } from '../lib/map-lines.ts';
import type { Db } from './client.ts';
import { completedWorks, surveyRoads } from './schema/index.ts';

const BATCH = 2000;

/**
 * The dashboard's encoded lines for rows that have none: rows from before migration 0008 and rows loaded
 * straight into the database (bulk loads, the benches). The app writes them with every line it stores, so
 * after the first start this finds nothing.
 */
export async function fillEncodedLines(db: Db) {
  for (;;) {
    const rows = await db
      .select({ id: completedWorks.id, coordinates: completedWorks.coordinates })
      .from(completedWorks)
      .where(isNull(completedWorks.encodedLines))
      .limit(BATCH);
    if (!rows.length) break;
    const values = rows.map((row) => ({ id: row.id, lines: encodeParts(row.coordinates ?? []) }));
    await db.execute(sql`
      update ${completedWorks} set encoded_lines = v.lines
      from json_to_recordset(${JSON.stringify(values)}::json) as v(id int, lines text[])
      where ${completedWorks.id} = v.id`);
  }
  for (;;) {
    const rows = await db
      .select({ id: surveyRoads.id, drawLine: surveyRoads.drawLine })
      .from(surveyRoads)
      .where(isNull(surveyRoads.encodedPaths))
      .limit(BATCH);
    if (!rows.length) break;
    const values = rows.map((row) => ({ id: row.id, paths: encodeSegments(row.drawLine ?? []) }));
    await db.execute(sql`
      update ${surveyRoads} set encoded_paths = v.paths
      from json_to_recordset(${JSON.stringify(values)}::json) as v(id int, paths text[])
      where ${surveyRoads.id} = v.id`);
  }
}
