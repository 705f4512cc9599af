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
