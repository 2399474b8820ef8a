<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>The password lookup was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent stores:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save to list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected, %1 in flight, round trip %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving the password in the system keychain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved; the password is in the system keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed; the keychain kept its password: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up the password…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing %1 …</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CounterTimelineModel</name>
    <message>
        <source>Minute</source>
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
        <source>Store errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert threshold %</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DashboardView</name>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate, last 5 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions / min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies / min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store round trip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All scopes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>15 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>6 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>24 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh every</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests per minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies per minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate (replayed ÷ (replayed + executed)), %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>executed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in progress (409)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mismatch (422)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>released (5xx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hit rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alert threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last read failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
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
    <name>InFlightRecordModel</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck: in flight longer than the %1 timeout of scope %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Business no.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InFlightView</name>
    <message>
        <source>Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older than:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>business no. prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>owner (host:pid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight for longer than the 10-minute timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matching in-flight record(s); %2 loaded</source>
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
        <source>Connecting to %1 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idem-console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only: this store is opened for viewing; operator actions are disabled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No store is open. Choose Store ▸ Connect… to open one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up the password of %1 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● Connected to %1 · last round trip %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>○ Disconnected from %1: %2 — retrying</source>
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
    <name>PasswordVault</name>
    <message>
        <source>type the password each time instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set %1 instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The system keychain has no password for this store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The system keychain has no password for %1: type it and tick &quot;remember&quot;, or %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keychain did not answer within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No environment variable is named for this store&apos;s password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid environment variable name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The environment variable %1 is not set; set it to the store&apos;s password before starting idem-console.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>access to the system keychain was denied: %1; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no system keychain available: %1; %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordDetailView</name>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Business no.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconciled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Body as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a record to see its details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes (response synthesised from the order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not a JSON list of pairs — the raw bytes:)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s), not UTF-8: shown as hex</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>… %1 more bytes not shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s), not JSON: shown as text</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RedisConnection</name>
    <message>
        <source>Redis at %1 did not answer: %2. The connection is re-established on the next request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Redis store %1 was closed while still in use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis at %1 is unreachable (%2); the next attempt is in %3 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot connect to Redis at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (check the user, IDEM_REDIS_PASSWORD and the database number)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RedisLayout</name>
    <message>
        <source>The scope &apos;%1&apos; cannot be stored in Redis: it must be non-empty and without &apos;{&apos; or &apos;}&apos; (they delimit the hash tag).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record %1/%2 in %3 (key %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds a %2 instead of a hash: another program wrote that key. Nothing was run; inspect or delete it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a truncated hash: the field(s) %2 are missing. Nothing was run; inspect or delete it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has an unknown state &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has a field that is not a number: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is COMPLETED but its cached response (headers, body) is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading a record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 answered a record read with an unexpected reply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing in-flight records</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RedisStore</name>
    <message>
        <source>The Redis URL option %1 must be a number of milliseconds from 1 to 600000, not &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Lua script %1 is missing from this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the Lua scripts (may this user run SCRIPT and EVALSHA?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 computed another SHA1 for a Lua script than this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Lua script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 kept answering NOSCRIPT.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The claim script on %1 answered &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The claim script on %1 answered without the record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A transition script on %1 answered &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the scope registry %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting in-flight records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the server time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting records</source>
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
    <message>
        <source>Purging expired records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The purge script on %1 answered unexpectedly.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SqlDialect</name>
    <message>
        <source>The URL option %1 may not contain &apos;;&apos; (the %2 driver cannot pass it on).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The idem-console tables are missing in schema %1 and user %2 may not create them: that needs the CREATE privilege on schema %1 (and ownership of idem_records for a missing index). The server said: %3. Run GRANT CREATE ON SCHEMA %1 TO %2 once, or have the schema&apos;s owner load resources/sql/postgresql.sql; after that %2 needs only SELECT, INSERT, UPDATE and DELETE on idem_records and idem_counters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The idem-console tables are missing in database %1 and user %2 may not create them: that needs the CREATE and INDEX privileges on %1. The server said: %3. Run GRANT CREATE, INDEX ON `%1`.* TO %2 once, or have an administrator load resources/sql/mysql.sql; after that %2 needs only SELECT, INSERT, UPDATE and DELETE on idem_records and idem_counters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SQLite schema cannot be created: %1</source>
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
        <source>Cannot create the directory %1 for the SQLite store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The schema %1 is missing from this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
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
    <message>
        <source>Configuring the %1 connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the schema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start a transaction on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creating the schema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot commit the schema on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the table privileges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User %1 may not use the idem-console tables on %2: it lacks %3. Ask their owner to run GRANT SELECT, INSERT, UPDATE, DELETE ON idem_records, idem_counters TO %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claiming a record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taking over a record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completing a record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Releasing a record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marking a record timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purging expired records</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreEntryForm</name>
    <message>
        <source>Remember in the system keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From an environment variable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only: browse and report, no operator actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. Payments primary (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MySQL / MariaDB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/var/lib/idem/records.db</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>db.example.internal or 10.0.0.5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>driver default (prefer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept in memory only unless remembered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default for the kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSL mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An environment variable name has letters, digits and &apos;_&apos; only, e.g. IDEM_PG_PASSWORD.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DB number:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored in the system keychain; type to replace it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite store file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(incomplete)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreUrl</name>
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
    <name>StoreUrlFields</name>
    <message>
        <source>%1 contains a control or invisible character at position %2; remove it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the SQLite file (it is created if missing).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file path is %1 characters long; at most %2 are allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SQLite store needs an absolute file path, e.g. /var/lib/idem/records.db, not %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the server&apos;s host name or IP address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host name is %1 characters long; at most %2 are allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host %1 is not a host name or IP address: use letters, digits, &apos;-&apos; and &apos;.&apos;, or an IPv6 address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The port must be between 1 and 65535.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Redis database is a number such as 0, not %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the database name, e.g. idem.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database name is %1 characters long; at most %2 are allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database name %1 may only contain letters, digits, &apos;_&apos;, &apos;$&apos; and &apos;-&apos;, and must start with a letter or &apos;_&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user name is %1 characters long; at most %2 are allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user name %1 may only contain letters, digits and _ . @ $ + -.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown sslmode %1: use one of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL option %1 is not a valid option name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL option %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL option %1 is too long.</source>
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
    <message>
        <source>Open the store for viewing only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo store cannot be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo (simulated sales traffic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Welcome to idem-console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No store has been opened yet. Open the demo store with simulated sales traffic?

Choose No to connect to a store of your own.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
