import { openTestSql } from '../test-sql';

/**
 * A published price change as staff publishing makes it, straight in a server's database: the row and the content
 * revision in one transaction, so every instance on that database sees it at its next revision check.
 */
export async function publishPrice(databaseUrl: string, serviceId: string, priceMinor: number): Promise<void> {
  const sql = openTestSql(databaseUrl);
  try {
    await sql.exec(`UPDATE "Service" SET "priceMinor" = ${Number(priceMinor)} WHERE "id" = '${serviceId.replaceAll("'", "''")}';
                    UPDATE "ContentRevision" SET "revision" = "revision" + 1 WHERE "id" = 1`);
  } finally {
    await sql.close();
  }
}

/** A published change of one text column of one row (a service's image, an insight's title), as publishPrice makes it. */
export async function publishColumn(
  databaseUrl: string,
  table: 'Service' | 'Insight',
  id: string,
  column: 'imageId' | 'title',
  value: string | null,
): Promise<void> {
  const sql = openTestSql(databaseUrl);
  try {
    await sql.run(`UPDATE "${table}" SET "${column}" = ? WHERE "id" = ?`, value, id);
    await sql.run('UPDATE "ContentRevision" SET "revision" = "revision" + 1 WHERE "id" = 1');
  } finally {
    await sql.close();
  }
}
