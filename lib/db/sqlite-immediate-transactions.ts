import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';

/*
 * SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE), for the better-sqlite3 adapter.
 *
 * The adapter begins with a plain (deferred) BEGIN on the process's one connection, and that connection goes on
 * serving every other query of the process while the transaction waits between its statements. A read from elsewhere
 * in the process (the job runner's claim, another job) then runs inside the transaction and pins a snapshot of the
 * database. When the transaction's first write comes and another process (the web server recording webhooks) has
 * committed since that snapshot, SQLite cannot upgrade it and answers SQLITE_BUSY at once, without the busy timeout:
 * Prisma's "Operation has timed out". BEGIN IMMEDIATE takes the write lock first, waiting for other writers within the
 * busy timeout, so no snapshot can go stale under it: a busy database is waited for, not failed.
 */

const sql = (text: string): SqlQuery => ({ sql: text, args: [], argTypes: [] });

/** One transaction at a time on the connection, in the order they were asked for. */
function createLock() {
  let tail = Promise.resolve();
  return async function acquire(): Promise<() => void> {
    let release!: () => void;
    const previous = tail;
    tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    return release;
  };
}

function immediateTransaction(connection: SqlDriverAdapter, release: () => void): Transaction {
  let released = false;
  const finish = async () => {
    if (!released) release();
    released = true;
  };
  return {
    provider: connection.provider,
    adapterName: connection.adapterName,
    // Prisma sends COMMIT and ROLLBACK itself, then calls commit() or rollback() to hand the connection back.
    options: { usePhantomQuery: false },
    queryRaw: (query) => connection.queryRaw(query),
    executeRaw: (query) => connection.executeRaw(query),
    commit: finish,
    rollback: finish,
    createSavepoint: async (name) => void (await connection.executeRaw(sql(`SAVEPOINT ${name}`))),
    rollbackToSavepoint: async (name) => void (await connection.executeRaw(sql(`ROLLBACK TO ${name}`))),
    releaseSavepoint: async (name) => void (await connection.executeRaw(sql(`RELEASE SAVEPOINT ${name}`))),
  };
}

function withImmediateTransactions(connection: SqlDriverAdapter): SqlDriverAdapter {
  const acquire = createLock();
  return {
    provider: connection.provider,
    adapterName: connection.adapterName,
    queryRaw: (query) => connection.queryRaw(query),
    executeRaw: (query) => connection.executeRaw(query),
    executeScript: (script) => connection.executeScript(script),
    getConnectionInfo: connection.getConnectionInfo?.bind(connection),
    dispose: () => connection.dispose(),
    async startTransaction() {
      const release = await acquire();
      try {
        await connection.executeRaw(sql('BEGIN IMMEDIATE'));
      } catch (error) {
        release();
        throw error;
      }
      return immediateTransaction(connection, release);
    },
  };
}

/** `factory`'s connections, with transactions that begin IMMEDIATE. */
export function immediateTransactions(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => withImmediateTransactions(await factory.connect()),
  };
}
