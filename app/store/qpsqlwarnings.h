#pragma once

// Qt's PostgreSQL driver frees a prepared statement when its query object
// goes (DEALLOCATE). When the statement failed inside a transaction,
// PostgreSQL refuses that DEALLOCATE until the rollback that follows, and
// the driver prints "Unable to free statement: ERROR:  current transaction
// is aborted …" beside the real error, which the store reports with the
// privilege or cause it names. Installed once by a program's main, this
// drops exactly that line and passes every other message on to the handler
// before it. (The statement stays prepared on the session until the session
// closes.)
void dropAbortedTransactionFreeWarnings();
