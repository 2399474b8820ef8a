<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Guard</name>
    <message>
        <source>The Idempotency-Key is missing or empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Idempotency-Key is %1 bytes long; at most %2 are allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Idempotency-Key contains a control character (code %1) at position %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scope is 1 to 64 characters (letters, digits, &apos;_&apos;, &apos;-&apos;, &apos;.&apos;), not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cached response of %1/%2 has headers that are not a JSON list of pairs; nothing was run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A previous attempt of this request is stuck in flight (attempt %1 by %2); an operator must time it out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A previous attempt of this request is still being processed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Idempotency-Key %1 was already used with a different request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The response was sent but the record could not be finalised: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The record changed while the request ran (%1): a late finish; the record was left as it is.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>idem-console — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters per scope, last 15 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the first reading …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disconnected from %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to %1 · round trip %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight: %1 · stuck (over 10 min): %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OrderTable</name>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creating the orders table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting orders</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScopeCountersModel</name>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In progress (409)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mismatch (422)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released (5xx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Late finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SqlStore</name>
    <message>
        <source>The Qt Sql driver %1 is not installed (Debian: libqt6sql6-%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configuring SQLite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the directory %1 for the SQLite store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The schema %1 is missing from this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>creating the schema (does this user have the right to create tables?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A statement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading a record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The record %1/%2 kept changing under concurrent claims; try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing in-flight records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting in-flight records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records of scope %1 have an unknown state &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing counters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreUrl</name>
    <message>
        <source>The %1 backend is not built yet; this build has the embedded SQLite store (sqlite:///path.db).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store URL is empty. Use e.g. sqlite:///var/lib/idem/records.db</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store URL &apos;%1&apos; is malformed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A SQLite URL has no host: write sqlite:///absolute/path.db (three slashes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A SQLite URL needs an absolute file path: sqlite:///absolute/path.db</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown store scheme &apos;%1&apos;: use sqlite, postgresql, mysql or redis.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store URL &apos;%1&apos; has no host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Redis URL ends with a database number, e.g. redis://host:6379/0, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store URL &apos;%1&apos; needs a database name after the port, e.g. %2://user@host:port/idem.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>idemctl</name>
    <message>
        <source>Usage: idemctl COMMAND [options]
The headless twin of idem-console.

Commands:
  demo      drive simulated sales traffic and print live counters
  press     press test: concurrent requests on few keys, exactly once?
  stats     counters per scope, records by state, stuck records
  inflight  list in-flight records, oldest first
  get       show one record

Every command takes --store URL (or $IDEM_STORE), --json and --help.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idemctl: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &apos;idemctl --help&apos; or &apos;idemctl COMMAND --help&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headers are not a JSON list of pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store URL (sqlite:///path.db, postgresql://…, mysql://…, redis://…); default $IDEM_STORE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print machine-readable JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no store given: pass --store URL or set IDEM_STORE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drive sales-event traffic through the guard and print live counters once a second.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New journeys (checkouts, callbacks) per second (default 50).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after this many seconds (default: run until interrupted).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--rate must be a whole number from 1 to 100000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--seconds must be a whole number, 0 for no limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo writes its orders table beside the records and needs a SQL store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo on %1 at %2 journeys/s; Ctrl-C stops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t=%1s executed=%2 replayed=%3 in_progress=%4 mismatch=%5 released=%6 late_finish=%7 store_errors=%8 hit=%9% in_flight=%10 stuck=%11</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press test: many concurrent guarded requests on few keys; the business action counts its executions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope of the press keys (default press).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client threads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guarded requests in all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distinct keys press-0 … press-(K-1) (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration of the business action in ms (default 20).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A client that gets 409 waits its Retry-After and tries again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>press needs --concurrency N and --requests M.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--concurrency must be a whole number from 1 to 2000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--requests must be a whole number of at least 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--keys must be a whole number of at least 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--work-ms must be a whole number from 0 to 60000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests on %2 key(s) from %3 threads in %4 s: executed=%5 replayed=%6 in_progress=%7 mismatch=%8 errors=%9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exactly once: %1, consistent responses: %2, p50 %3 ms, p99 %4 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters per scope over the last minutes, record counts by state and stuck records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this scope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window of the counters in minutes (default 60).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--minutes must be a whole number of at least 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 hit=%3 in_flight=%4 completed=%5 timed_out=%6 stuck=%7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No records and no counters in the last %1 minutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-flight records, oldest attempt first (served by an index, never a scan).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only attempts older than this (e.g. 10m, 90s, 2h).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most this many rows (default 100).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--older-than takes a duration such as 10m, 90s or 2h, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--limit must be a whole number from 1 to 1000000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in-flight record(s) match; showing %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  STUCK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One record with every field; the body as text when it is UTF-8, else base64.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope of the record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key of the record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>get needs --scope S and --key K.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No record %1/%2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Console for idempotency records of payment and order APIs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store URL to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the embedded demo store with simulated sales traffic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interface language: zh_CN or en.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idem-console</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
