<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ActionApplyPage</name>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each record changes only if it is still as the preview saw it (same state, same lease).</source>
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
        <source>What happened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store refused the action: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The action failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; applied · &lt;b&gt;%2&lt;/b&gt; skipped (changed meanwhile) · &lt;b&gt;%3&lt;/b&gt; failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · &lt;b&gt;%1&lt;/b&gt; left untouched (stopped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped on request: the records after the stop point were not changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped (changed meanwhile): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no longer %1 under the lease the preview saw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 record(s) were changed in the store, but the service&apos;s cache was not updated, so the service still answers from the old value: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry the cache step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update the service&apos;s cache of the records changed in the store, for each record still as the action left it; audited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrying the cache step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cache step was not retried: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache step retried: the service&apos;s cache of all %1 record(s) is up to date now (batch %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache step retried: %1 record(s) updated, %2 still not: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in Audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Audit tab, filtered to this batch&apos;s entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · &lt;b&gt;%1&lt;/b&gt; excluded by the operator (left as they are)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1 — Show in Audit lists every entry it wrote.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the store stopped answering, so %n record(s) were not attempted.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s): applied, but not everything beside it was done (below).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) failed and were not changed (listed below); the others were applied.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Warnings: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope %1: %2 record(s), more than its four-eyes threshold of %3: not applied, proposed as %4. A second identity approves it in the Proposals tab; then it is applied from there.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ActionTargetModel</name>
    <message>
        <source>Excluded: this record is left as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Included: applied with the others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncheck a row to leave its record out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ActionWizard</name>
    <message numerus="yes">
        <source>Propose %n record(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Of them, %n record(s) in %1 are over the scope&apos;s four-eyes threshold: they are proposed for a second identity to approve, not applied now.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AgeText</name>
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
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AlertEvaluator</name>
    <message>
        <source>Hit rate above (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck records above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mismatches (422) per minute above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store round trip above (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scope %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hit rate above %1% for %2 min in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1 stuck records in the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1 mismatches per minute for %2 min in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>store round trip above %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate in %1 is %2% at %3, above %4% for %5 min: clients are retrying far more than usual. Check the service&apos;s latency and errors and the callers&apos; retry and timeout settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate in %1 is back to %2% at %3 (limit %4%).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) in %1 reused a key with a different body at %2 (limit %3 per minute): a client reuses idempotency keys for new requests. Find it by the keys in the In flight and Audit tabs.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Mismatches in %1 are back to %2 per minute at %3 (limit %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store took %1 ms to answer (limit %2 ms): check the store server&apos;s load and the network to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store answers in %1 ms again (limit %2 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notice</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) stuck in flight in %1 (limit %2): the service that claimed them has not finished. Check it, then use Actions ▸ Mark stuck records timed out.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Stuck records in %1 are back to %2 (limit %3).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AlertList</name>
    <message>
        <source>Acknowledge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the selected alert listed but quiet until it clears and is raised again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Snooze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the selected alert&apos;s rule for a while</source>
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
        <source>4 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: hit rate %2% (limit %3%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 mismatches (422) a minute (limit %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>store round trip %1 ms (limit %2 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1] %2 — since %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · acknowledged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No alerts raised.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n snoozed</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Wake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End the selected alert&apos;s snooze now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 stuck records (limit %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · snoozed until %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AlertMonitor</name>
    <message>
        <source>Acknowledged: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Snoozed for %n min: %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Snooze ended early: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AlertRulesDialog</name>
    <message>
        <source>Alert rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An alert is raised as a banner, a tray notification and an audit entry when its rule holds, and cleared when it no longer does. Hit rate and mismatches are judged per scope on complete minutes; stuck records and the round trip are store-wide. Callbacks normally replay about 5%; 30% means trouble.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert when</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore &amp;defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(every scope)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store-wide: this reading is not kept per scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judged on every reading, not over minutes of counters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditEntry</name>
    <message>
        <source>%1 (no server identity: SQLite)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (server: %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditModel</name>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
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
        <source>Before → after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditVerifier</name>
    <message>
        <source>Reading the audit chain of &apos;%1&apos; does not advance past position &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entry at seq %1 names scope &apos;%2&apos; but is stored in the chain of &apos;%3&apos;: it was moved or inserted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gap: seq %1 expected, %2 found: the entries in between were deleted, or entries were reordered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seq %1 found after seq %2: an entry was duplicated, inserted or reordered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entry at seq %1 does not link to the entry before it (previous hash differs): an entry before it was replaced, or entries were reordered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hash mismatch at seq %1: the entry was edited after it was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chain has %1 entries but no head: the head was deleted, so the newest entries cannot be vouched for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chain is empty but its head records seq %1: every entry was deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chain ends at seq %1 but its head records seq %2: the newest entries were deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chain goes on to seq %1 past its head at seq %2: entries were appended outside the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the head&apos;s hash differs from the last entry&apos;s (seq %1): the last entry or the head was changed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditView</name>
    <message>
        <source>From:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify chain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all scopes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an entry to see it in full, with its evidence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chain has not been verified in this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the audit log: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The newest %1 matching entries are shown; narrow the filters to see older ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matching entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verifying …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not verify: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chain intact: %1 entries in %2 chain(s) verified.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chain broken: scope %1, seq %2 (stored as %3): %4. %5 entries read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verification stopped after %1 entries: nothing is vouched for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator actions on records, the console&apos;s alert entries (raised, acknowledged, snoozed), or both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing the history of record %1 in scope %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing operator batch %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, seq %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 @ %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server identity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditWording</name>
    <message>
        <source>%1, not applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, cache updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>marked timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reconciled: completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reconciled: released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cache not updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alert raised</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alert acknowledged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alert snoozed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alert woken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AutoRefreshBox</name>
    <message>
        <source>Read the listed records again every few seconds while this tab is shown, keeping the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto-refresh every %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClusterStatusLabel</name>
    <message>
        <source>%1: up, %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: DOWN — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster: %1/%2 masters up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — down: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · slowest %1 (%2 ms)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
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
    <message>
        <source>Created, completed now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created, in flight now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created, timed out now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created, unreadable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DashboardMarkers</name>
    <message>
        <source>no data in Prometheus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alert raised</source>
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
    <message>
        <source>Records created / min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This layout keeps no counters: its service records no hits, executions or anomalies. Shown instead: records created per minute by their state now, and the in-flight and stuck counts as sampled by this dashboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate: this layout keeps no counters.
Its service does not record replays and executions, so the hit rate (replayed ÷ (replayed + executed)) cannot be shown for this store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stuck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records created per minute, by their state now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight and stuck records, as sampled by this dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every scope over the last 5 minutes, the one in most trouble first. Click a scope to show it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2% (limit %3%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters: Prometheus %1 gave none (%2): %3 Shown instead: the store&apos;s own view.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters from Prometheus %1 (mapping %2); records, in-flight lists and actions from the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters come from Prometheus again as soon as it answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requests / min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events / min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>records / min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>records</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ForeignSqlStore</name>
    <message>
        <source>%1 is NULL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a JSON object of strings: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is none of the layout&apos;s state values (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuring the %1 connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the columns of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table %1 of the %2 layout does not exist in %3, or user %4 may not read it. Give the table the service writes in the layout (&quot;sql&quot;: {&quot;table&quot;: …}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (for %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table %1 on %2 has no column %3, which the %4 layout reads. Its columns are: %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL option cache= applies to the java-handler layout only, not to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL option cache= must be redis://host:port[/db]: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL option cache= must be redis://host:port[/db], not %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is used before it was opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading a record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying &quot;%1&quot; to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis answered %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 layout keeps a Redis cache beside MySQL, and an action that leaves it stale makes the service answer 409 until the key expires. Give the cache (--cache redis://host:port/db, URL option cache=), or --no-cache (cache=none) if this service runs without one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was applied in MySQL, but the Redis cache key %2 could not be updated (%3), and nothing retries it: the handler answers from the stale cache until the key expires. Run %4 on the cache once it is reachable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit note saying so failed too: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting the layout&apos;s time zone &apos;%1&apos; (an offset such as +08:00 always works; a zone name needs the server&apos;s time zone tables)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the session&apos;s time zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (the server&apos;s system zone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Times without a zone are read in %1, the layout&apos;s time_zone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Times without a zone are read in %1, the %2 session&apos;s zone. If the service writes them in another zone, set the layout&apos;s &quot;sql.time_zone&quot; (or --time-zone).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not read yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing records</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ForeignStore</name>
    <message>
        <source>%1 is not possible on %2: the store is in the %3 layout, whose service owns its records; the console reads them and applies operator actions only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit location of %1 is not usable: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit log of a %1 store is kept in a SQL database: give audit=sqlite:///path.db, postgresql://… or mysql://…, not %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit location %1 names a layout; the audit log is always native.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the directory for the audit log %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit log of %1 cannot be opened at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claiming a key</source>
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
        <source>%1/%2 cannot be read (%3), so &quot;%4&quot; was not applied. Inspect the value with idemctl get.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit entry for %1/%2 could not be written, so nothing was changed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entry %1 was not applied: the record changed after the preview (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entry %1 was not applied: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2 was not changed, and the audit note saying so failed: %3. Entry %4 of chain %1 records an action that did not happen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An operator action through a read-only open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing an audit entry through a read-only open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrying a cache step through a read-only open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2 changed after &quot;%3&quot; was applied, so its cache step was not retried: look at the record and its cache key first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cache of %1/%2 was updated, but its audit entry failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The go-middleware layout keeps no request, only its hash (request_hash, shown as the fingerprint).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The java-handler layout keeps the request body only, in its table&apos;s request_body column, as the service wrote it: no method, path or headers, and nothing masked by idem-console. Its Redis cache keeps a status only.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GoJson</name>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a JSON value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2, expected %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an RFC 3339 time: &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status_code is %1, expected an integer HTTP status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object of strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headers[&quot;%1&quot;] is %2, expected a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>body is not valid base64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a base64 string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>body holds %1, expected bytes 0 to 255</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an RFC 3339 time string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true/false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value is %1, expected a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GoRedisStore</name>
    <message>
        <source>holds a Redis %1, expected a string (the middleware&apos;s JSON record)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its key field is &quot;%1&quot;, not the key it is stored under</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; applies to in-flight records only: the %2 layout keeps no %3 records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 did not run the action on %2: %3</source>
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
        <source>Stuck: in flight longer than the %1 timeout of scope %2</source>
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
    <message>
        <source>Mark timed out…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark stuck records of this scope timed out, after a preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is open read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the scan after its current round trip and list what it found so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SCAN COUNT:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys the Redis server looks at per round trip in the next scan: higher is faster, but each round trip holds the server longer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scanned %1 keys, found %2 in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — cancelling …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled after scanning %1 keys: the list is partial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the scan to start …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At least %1 matching in-flight record(s) (the count&apos;s scan was cancelled); %2 loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the listed records again, keeping the selection (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: this store lists by SCAN, so each refresh scans every key. Reload or F5 refreshes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At least %1 matching in-flight record(s); %1 loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1/%2 (%3): scanned %4 keys, found %5 in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scanned %1 keys on %2 nodes, found %3 in flight</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JavaRedisStore</name>
    <message>
        <source>holds a Redis %1, expected a string (%2 or %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds &quot;%1&quot;, expected %2 or %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; on the Redis cache alone (the java-handler record lives in MySQL: open the MySQL store with layout=java-handler&amp;cache=redis://… to act on it)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JobProgressWidget</name>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 / %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KeptRequest</name>
    <message>
        <source>The request kept with this record cannot be read: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not JSON (%1 at offset %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the method or path is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a header is not a pair of strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the body is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the binary body is not base64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s), not UTF-8 text:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cut to the %1 KiB kept per record: %2 of the body&apos;s %3 bytes are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The body (%1 bytes) was not kept: it names a masked field (%2) but is neither JSON nor a form, so it could not be masked safely.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Masked before it was stored: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KeptRequestView</name>
    <message>
        <source>Select a record to see the request it kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No request was kept with this record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request body only (the layout keeps no method, path or headers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no headers kept)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Layout</name>
    <message>
        <source>Layout %1: &quot;%2&quot; has the wrong type; see README &quot;Layouts&quot; for the format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: unknown field &quot;%2&quot; in %3 (known: %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: the state value for %2 must be 1 to 64 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 &apos;%2&apos; is not accepted: use letters, digits and &apos;_&apos; only, not starting with a digit, at most 63 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown layout &apos;%1&apos;: use native, go-middleware, java-handler or the path of a layout JSON file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1 is not a JSON object: %2 at offset %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;name&quot; must be 1 to 64 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;scope&quot; must be 1 to 64 characters without &apos;{&apos; or &apos;}&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;redis.key_prefix&quot; must be 1 to 200 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;redis.scan_count&quot; must be between 10 and 100000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;redis.%2&quot; must be between 1 and 31622400.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;states&quot; applies to a java-handler layout only (go-middleware keeps a boolean in_flight).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: the processing, success, timeout and failed state values must differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table name in layout %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column for %1 in layout %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: two roles map to the same column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the layout file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout file %1 is larger than 1 MiB: it is not a layout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time zone &apos;%1&apos; (%2) is not usable: give an offset such as +08:00, UTC, or a zone name such as Asia/Shanghai.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;sql.time_zone&quot; must be a string such as &quot;+08:00&quot; or &quot;Asia/Shanghai&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;sql.time_zone&quot; in layout %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time_zone applies to a foreign SQL layout (its zone-less timestamp columns); native stores keep times as epoch milliseconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1 holds a JSON %2, not an object: a layout is {&quot;base&quot;: …, …} (README &quot;Layouts&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;name&quot; must be a string of 1 to 64 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;retention_seconds&quot; must be a whole number between 1 and 31622400.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1 gives &quot;%2&quot; twice: give each field once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;base&quot;: &quot;native&quot; is for a file with a &quot;metrics&quot; section only; without one, use the layout native.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1 needs &quot;base&quot;: &quot;go-middleware&quot; or &quot;java-handler&quot; (the service whose protocol the store follows), or &quot;native&quot; with a &quot;metrics&quot; section.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LuaScript</name>
    <message>
        <source>The Lua script %1 is missing from this build.</source>
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
    <message>
        <source>Read-only: this store is open for viewing only. The store refuses every operator action (mark timed out, reconcile); reopen it without read-only mode to act.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark stuck records &amp;timed out…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reconcile with the order table…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is open read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No store is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find in-flight records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;lerts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert &amp;rules…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server grants every right an action and an approval need.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server does not grant: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server does not let %1 act (missing: %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MappingProfiles</name>
    <message>
        <source>A profile needs a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile name cannot contain / or \.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the settings file %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MetricsMapping</name>
    <message>
        <source>Layout %1: &quot;metrics&quot; names no built-in mapping: use &quot;%2&quot; or an object with &quot;scope_label&quot; and &quot;counters&quot; (README &quot;Counters in Prometheus&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;metrics&quot; must be a built-in mapping&apos;s name or an object (README &quot;Counters in Prometheus&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: unknown field &quot;%2&quot; in &quot;metrics&quot; (known: scope_label, counters).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;metrics.scope_label&quot; must be a Prometheus label name (letters, digits and &apos;_&apos;, not starting with a digit), the label whose value names the scope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;metrics.counters&quot; must be an object of counter name → PromQL expression.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: unknown counter &quot;%2&quot; in &quot;metrics.counters&quot; (known: %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: the expression for %2 must be PromQL text of 1 to 4000 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: the expression for %2 has no {scope} placeholder: write the scope&apos;s label matcher as %3=~&quot;{scope}&quot;, so one scope can be asked for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout %1: &quot;metrics.counters&quot; needs an expression for %2: the hit rate is replayed ÷ (replayed + executed).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OpenStore</name>
    <message>
        <source>The %1 layout is defined for %2 (as its service writes it), not for %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OperatorBatch</name>
    <message>
        <source>An operator name is required: who is taking this action?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operator name must be at most 100 characters, without control characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A reason is required: it is written to the audit log with every record changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reason must be at most 2000 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host name must be at most 255 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The age threshold must be positive: an operator action never touches attempts that just started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An age of %1 days reaches before 1970: no record can be that old, and a cutoff before the epoch would not filter anything. Give a shorter age.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reason may not contain control characters (only line breaks and tabs): write it as plain text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocked with its scope: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not attempted: the store stopped answering (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n record(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OperatorIdentityPage</name>
    <message>
        <source>Who applies this, and why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every changed record gets an audit entry with your name, this machine and the reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. payment gateway outage 03:50–04:10, ticket OPS-1234</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This store is open read-only: the store will refuse the change and nothing will be applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OrderLookup</name>
    <message>
        <source>%1 in the orders database %2 failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The orders database %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot connect to the orders database %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Making the session read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the columns of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the columns of table %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key column %1 is not in table %2 (columns: %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The status column %1 is not in table %2 (columns: %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no table %1 in the orders database %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up table %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The order lookup was used before it was opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preparing the order lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up orders in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up order %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OrderMapping</name>
    <message>
        <source>The profile name must be at most 100 characters, without control characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The orders database URL is empty: give sqlite:///…, postgresql://… or mysql://….</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The orders database URL is not valid: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The orders database must be SQLite, PostgreSQL or MySQL, not Redis.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say which status values mean the order is done (e.g. PAID).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The status value &apos;%1&apos; is in more than one list (done, pending, failed): it must mean one thing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The response status must be from 200 to 499 (5xx is never cached).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The response content type must be one line, e.g. application/json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The response template must be at most 64 KiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The response template uses {{%1}}: use {{key}}, {{biz_no}}, {{scope}}, {{status}} or {{order.COLUMN}}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The saved profile&apos;s field %1 has the wrong type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 &apos;%2&apos; is not a plain name: use letters, digits and _ (at most 63, not starting with a digit), optionally as schema.table. Quotes, spaces and semicolons are refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 &apos;%2&apos; is not a plain name: use letters, digits and _ (at most 63, not starting with a digit). Quotes, spaces and semicolons are refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 contain an empty value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 value &apos;%2&apos; is too long or has control characters.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OrderMappingPage</name>
    <message>
        <source>Order table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the business orders are and which status values mean done, pending or failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile name, e.g. shop orders (primary)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sqlite:///path/shop.db, postgresql://user@host/db, mysql://user@host/db</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept in memory only; or set IDEM_PG_PASSWORD / IDEM_MYSQL_PASSWORD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>orders or schema.orders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order_no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record&apos;s business no. (biz_no)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record&apos;s key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comma separated, e.g. PAID, SHIPPED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. PENDING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. FAILED, CANCELLED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>May use {{key}}, {{biz_no}}, {{scope}}, {{status}} and {{order.&lt;column&gt;}}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orders database:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key column:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status column:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match it with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done values:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending values:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed values:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Response status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Response body:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(new profile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the profile a name to save it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved as profile &quot;%1&quot; (without password).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the profile &quot;%1&quot;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the URL of the orders database.</source>
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
    <name>PdfTable</name>
    <message>
        <source>▼ continues on the next page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▲ continued from the previous page</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PrometheusClient</name>
    <message>
        <source>Prometheus at %1 answered a range query with a %2, not a matrix: the expression must give an instant vector (series), not a scalar or a string.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 did not answer within %2 ms (timeout).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 cannot be reached: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 without Prometheus&apos;s JSON: is it a Prometheus server (its address without /api/v1)?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 gave up on the query: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 refused the expression: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 failed (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PrometheusCounterSource</name>
    <message>
        <source>%1 (the mapping %2&apos;s expression for %3: %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The mapping %1&apos;s expression for %2 gives series without the label %3, which names the scope: keep it (sum by (%3) (…)). Expression: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 has no series for the mapping %2 in this range: is the exporter or the service scraped? (First expression: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 has no series of scope %2 for the mapping %3 in this range (first expression: %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s) without data in Prometheus (not drawn, not zero)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n scope-minute(s) without data</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n counter reset(s): a service restarted; counted from zero after each</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PrometheusRules</name>
    <message>
        <source>Scope {{ $labels.%1 }}: {{ $value | printf &quot;%.1f&quot; }} (limit %2).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Proposal</name>
    <message>
        <source>The proposal&apos;s record list cannot be read (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The proposal&apos;s record list holds an entry without a scope, key or known state.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The proposal&apos;s record %1 holds response headers that cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProposalBook</name>
    <message>
        <source>&apos;%1&apos; is not a proposal id (p-YYYYMMDDTHHMMSS-xxxxxxxx; idemctl proposals lists them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no proposal %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 no longer matches its hash: it was changed after it was proposed. Nothing was done; reject it and propose the action again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to propose in scope %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejecting a proposal needs a reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 was proposed by %2, and %2 may not approve or reject its own proposal: a second identity must decide (four eyes). Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server does not let %1 decide proposals (role %2; missing: %3). Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 expired at %2 without being applied: nothing was changed. Propose the action again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 is %2, not approved: nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 was approved as %2 but is now %3: nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 holds an action this version cannot apply (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (proposal %2, approved by %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applying a proposal</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProposalsView</name>
    <message>
        <source>waiting for approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved, to apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Approve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;ject…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;pply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposed by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server identity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (SQLite)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No proposals. An action on more records of a scope than its four-eyes threshold is held here until a second identity approves it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (changed since the proposal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>released (deleted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposed by %1 (server identity %2) on %3 at %4; hash %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 by %2 (%3) at %4 %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 by %2 (%3) at %4: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As the preview saw it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Business number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is open read-only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server does not let %1 decide proposals (missing: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You proposed this one: a second identity must approve or reject it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server does not let %1 act (missing: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approve %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reject %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why (written to the audit log):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applied: %1 changed, %2 skipped (changed since the proposal), %3 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reconcile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed with a response made from the order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReadOnlyStore</name>
    <message>
        <source>The store is open read-only, so %1 was refused and nothing changed. Reopen it without read-only mode to act on records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>claiming a key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completing a record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>releasing a record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>purging expired records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the operator action &quot;%1&quot; on %2/%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing an audit entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrying the cache step of %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>proposing %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approving %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejecting %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closing %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing the four-eyes policy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReconcileDryRunPage</name>
    <message>
        <source>Include timed-out records (any age)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records and dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dry run looks up the stuck records&apos; orders in batches of %1 and proposes what to do. It changes nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight for longer than:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Dry run to see the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The criteria changed: run the dry run again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up orders …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dry run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run stopped: run it again for a complete plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; stuck record(s): &lt;b&gt;%2&lt;/b&gt; to complete, &lt;b&gt;%3&lt;/b&gt; to release, &lt;b&gt;%4&lt;/b&gt; for manual review. Next shows the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The %n selected record(s) (scope %1), each read again for the dry run</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReconcilePlan</name>
    <message>
        <source>the record has no business number to look up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no order %1 in %2: the client may resubmit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 orders have the key %2: which one counts is for an operator to decide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the order found has the key &apos;%1&apos;, not exactly &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order %1 has status %2, which means done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order %1 has status %2, which means failed: the client may resubmit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order %1 has status %2, which means still pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order %1 has no status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order %1 has status %2, which is in no list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reconciling records</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReconcilePlanModel</name>
    <message>
        <source>complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manual review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Excluded: this record is left as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Included: applied with the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — manual review rows are never applied by the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncheck a row to leave its record out of the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manual review: never applied by the plan; the record is left as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since the attempt&apos;s first claim at %1; timed out %2 ago</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReconcilePlanPage</name>
    <message>
        <source>The plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complete: the order is done, the record replays a response made from it. Release: no order or it failed, the client may resubmit. Manual review rows are never applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exclude all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 — %3
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order row:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No order row was found for %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &amp;nbsp; %2 &amp;nbsp; %3 &amp;nbsp; of %4 included; %5 excluded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manual review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a row to see its order row and the request it kept (the evidence).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request kept with the record:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none kept)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReconcileWizard</name>
    <message>
        <source>Reconcile with the order table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 record(s) will be completed with a response made from the order, and %2 released (their clients may resubmit). %3 for manual review and every excluded row are left as they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reconcile %n selected record(s)?</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reconcile %n record(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reconcile %n selected record(s) with the order table</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reconcile %n record(s), propose %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Record</name>
    <message>
        <source>%1=%2 is not a time between 2000-01-01 and 9999-12-31 (milliseconds since 1970)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attempts=%1 is not a count of attempts (1 or more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status_code=%1 is not an HTTP status (0 to 999)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reconciled=%1 is neither 0 nor 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an in-flight record without the lease of its attempt</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordActions</name>
    <message>
        <source>The selected values cannot be read: no action applies to them</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Copy %n keys</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Copy as %n idemctl get commands</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Copy as idemctl get command</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Time out %n selected record(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Only in-flight records can be marked timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Release %n selected record(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Only in-flight and timed-out records can be released</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reconcile %n selected record(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Only in-flight and timed-out records can be reconciled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is open read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opens the guided wizard for these records: preview, operator and reason, then apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open audit history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select one record to see its audit entries</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordBrowserModel</name>
    <message>
        <source>In flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed (reconciled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordBrowserView</name>
    <message>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every scope</source>
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
        <source>key or its beginning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>business number or its beginning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every audit entry about the selected record: who changed it, when and why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which records: any state, in flight, completed or timed out. Released and expired records are gone from the store: their audit history remains.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this scope; empty: every scope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store could not list records: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) match</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>loaded at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>0 by key; %n by business no.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>0 by business no.; %n by key</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>search by business no.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>search by key</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordColumns</name>
    <message>
        <source>State</source>
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
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This value cannot be read: %1. No operator action applies to it; the details show the raw value.</source>
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
    <message>
        <source>This stored value cannot be read: %1
No operator action applies to it. The raw value is shown below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw stored value as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Response</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordSelection</name>
    <message numerus="yes">
        <source>%n finished or left the list since it was selected</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n started less than %1 ago</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cannot be read</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected record(s) left out: %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RedisConnectionPool</name>
    <message>
        <source>The Redis URL option %1 must be a number of milliseconds from 1 to 600000, not &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Redis Cluster has only database 0: remove /%1 from the URL %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis at %1 is a cluster node, but: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Redis URL option connections must be a number from 0 (a connection per thread) to 64, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RedisScan</name>
    <message>
        <source>The Redis URL option %1 must be a number from %2 to %3, not &apos;%4&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 refused PING: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 refused to read %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 answered fewer replies than commands.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 refused SCAN: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 answered SCAN with something else than a cursor and keys.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The listing stopped at Redis node %1 (master %2 of %3), so it would be incomplete: %4 Check that node and list again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 names no master to scan. Check the cluster&apos;s state (CLUSTER INFO).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis %1 did not answer CLUSTER SLOTS with a slot map: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Redis Cluster %1 changed while the listing scanned it (%2): keys may have moved between masters, so the list could be incomplete. List again once the cluster is stable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slots moved between masters, or a master was replaced</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RedisStore</name>
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
    <message>
        <source>holds a %1 instead of a %2: another program wrote that key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operator action %1 does not apply to a %2 record (%3/%4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operator action script on %1 answered &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An audit entry needs the time it records (atMs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit script on %1 answered unexpectedly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds another type than a stream: another program wrote that key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the audit log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a position in a Redis audit chain (a stream entry id such as 1700000000000-0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the audit chain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the audit chains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds a %1 instead of a stream: another program wrote that key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
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
        <source>The audit key %1 in %2 %3. Nothing was changed; inspect it, and run idemctl audit verify.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds another type than a hash: another program wrote that key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the audit chain head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a chain head (seq &apos;%1&apos;, hash &apos;%2&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit chain of scope %1 on %2 kept moving: other writers appended first %3 times in a row over %4 s. Nothing was changed; try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has a field that is not a whole number: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has a field out of range: %2. The engine never writes that; nothing is done to it. Inspect or delete it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: its in-flight index entry and its own updated_at disagree (index, record: %2). Its age is not known, so nothing is done to it. Inspect it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing in-flight records (key %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing timed-out records (key %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (key %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed on %2: the key %3 holds another type than idem-console writes there; another program wrote it. Inspect or delete that key; other scopes are not affected (--scope).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is missing while the chain&apos;s stream holds entries: the head was deleted. Actions in scope %1 stay blocked until the chain is looked at; other scopes go on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing completed records (key %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing completed records (key %1): ZSCAN answered no cursor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scope &apos;%1&apos; cannot be stored on a Redis Cluster: &apos;#&apos; separates a scope from its bucket number there (scope#07), so a scope name may not contain it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bucket count of scope &apos;%1&apos; in %2 is &apos;%3&apos;, not a number from 1 to %4: another program wrote it. Records of that scope cannot be found until it is put back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scope registry (idem:scopes or %1) holds another type than idem-console writes there: another program wrote it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixing the bucket count of scope &apos;%1&apos; failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds another type than a hash: another program wrote it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the bucket counts failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CLUSTER SLOTS reply is not a slot map.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Redis Cluster serves no slot yet (CLUSTER SLOTS is empty).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered CLUSTER SLOTS with: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No node of the Redis Cluster answered CLUSTER SLOTS (tried %1). Last error: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis at %1 is no longer a master of the cluster; its masters are now %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Redis Cluster named a node &apos;%1&apos; that is not host:port.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis at %1 is not the node %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 replicas confirmed it within %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The claim of %1/%2 on %3 was not confirmed by a replica (%4), so the business was not run; the claim was %5. Retry later; if this scope&apos;s masters have no replicas, set its replica acknowledgements to 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left in flight (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Redis Cluster link was given encoded requests; it routes RedisCommands only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Lua script call was built with %1 arguments instead of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The index key %1 in %2 holds a %3 instead of a sorted set: another program wrote that key. Nothing was changed; actions in scope %4 stay blocked until it is looked at, other scopes go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not counted: the counter key %1 of scope %2 holds %3, not a number (another program wrote it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not counted: the counter key %1 of scope %2 holds a %3 (another program wrote it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the four-eyes policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A threshold is a number of records, 0 or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the four-eyes policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A proposal must stay open for some time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The proposal script on %1 answered unexpectedly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A proposal needs a valid id, a scope and records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A proposal %1 exists already in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading proposal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing proposals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no proposal %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis has no grants of a role to a user: the roles are the ACL users idem-viewer, idem-operator and idem-approver. Give each a password (ACL SETUSER idem-viewer on &gt;PASSWORD) and connect as it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting up the ACL users (ACL SETUSER; run as an administrator)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command EVALSHA (the store&apos;s scripts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writes to the record keys (HSET, DEL, ZADD on idem:{scope}:*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XADD to the audit streams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writes to the proposal keys (HSET on idem:{scope}:pd:*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encoded Redis requests could not be read back to follow a redirect.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportBuilder</name>
    <message>
        <source>The report&apos;s end is before its start.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O&amp;perator:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The end of the range must not be before its start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the file to write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the operator the report is for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report was not written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: no file was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>intact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BROKEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1: %2 scope(s), %3 executed, %4 replayed, %5 operator action(s), %6 alert handling entries, audit log %7.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportFile</name>
    <message>
        <source>Cannot write %1: %2. Nothing was written there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2. It is not a regular file, so part of the report may have gone out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown report format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file to write the report to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: it is a folder. Give a file name.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportPdf</name>
    <message>
        <source>%1 – %2 UTC</source>
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
        <source>In progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconciled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Late finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none in this range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate (replayed / (replayed + executed))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate per minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate per %1 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies per minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies per %1 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>intact: %1 entries in %2 chain(s) verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BROKEN in scope %1 at seq %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not verified (cancelled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idempotency report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scopes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck at report time (in flight over %1 min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator actions (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No operator actions in this range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope #seq</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
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
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more; the CSV and JSON reports list every action.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit chain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The verdict covers every entry of the chains checked, not only this range. Keep this report outside the store: it is a witness of the chain heads at report time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idempotency report %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idempotency report · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator: %1 · generated %2 UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot draw the PDF in memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot add page %1 to the PDF.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot finish the PDF.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert handling entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeouts and reconciliations of records, with the operator and host each audit entry recorded. Alert handling is listed in its own section below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First – last (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>different reasons: see the entries below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entries by batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n entries</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert handling (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No alerts were raised or handled in this range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alerts the console raised, and their acknowledgements and snoozes: the console&apos;s own entries, which change no record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head seq</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entries verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head hash (SHA-256)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broken at seq %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without a batch id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScopeChooser</name>
    <message>
        <source>All scopes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 in flight)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScopeStatusModel</name>
    <message>
        <source>– / %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, raised since %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed ÷ (replayed + executed) over the last minutes, against the scope&apos;s hit-rate alert limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit rate / limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions / min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>409 / min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>422 / min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5xx / min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last alert</source>
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
        <source>Purging expired records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User %1 may not use the idem-console tables on %2: it lacks %3. Ask their owner to run GRANT SELECT, INSERT, UPDATE, DELETE ON idem_records, idem_counters, idem_audit_head TO %1 and GRANT SELECT, INSERT ON idem_audit TO %1 (the audit log needs no more: it is append-only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 applies to in-flight records only (or timed-out ones, for reconciliation).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying &quot;%1&quot; to %2/%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot commit &quot;%1&quot; on %2/%3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An audit entry needs a scope: each scope keeps its own chain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An audit entry needs the time it records (atMs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot commit an audit entry on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the audit chain head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing an audit entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moving the audit chain head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit chain head of scope %1 changed while it was locked; run `idemctl audit verify`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing audit entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the audit chain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the audit chain heads</source>
        <translation type="unfinished"></translation>
    </message>
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
    <message>
        <source>No store at %1: the file does not exist. Check the path; opening a store to read or to act on it never creates one (a service&apos;s guard does on its first write, or idemctl init).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No store at %1: it is not a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no idempotency store (no idem_records table). Nothing was created: opening a store to read or to act on it never creates one. Check the URL, or create the store with idemctl init.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store at %1 is incomplete (%2 of its %3 tables and indexes); a read-only open does not add the rest. Open it once to write (idemctl init) to complete it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit chain of scope %1 holds %2 entries but has no head: the head was deleted. Nothing was changed in scope %1; actions there stay blocked until the chain is looked at (idemctl audit verify). Other scopes go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database driver gave no reason (error type %1, code &apos;%2&apos;); the connection may have been closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown state &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1=%2 is not a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record %1/%2 in %3 cannot be read: %4. The engine never writes that; nothing is done to it. Inspect or delete the row.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; was not applied to %2/%3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no audit log yet (no idem_audit table). Nothing was created: a read-only open never creates one; the first operator action does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its column %1 has a PostgreSQL type (oid %2) that the engine never uses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no connection to the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claiming a record on %1 gave %2 rows of %3 columns, not one of %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record %1/%2 in %3 cannot be read: %4. The table was changed by hand; nothing is done to the record. Give the column back the type resources/sql/postgresql.sql declares.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not counted: writing the counters of scope %1 failed (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 is %2 already (by %3 at %4): nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 was %2 already, by %3 (%4) at %5: nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 expired at %2: it can no longer be approved or rejected. Propose the action again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 was proposed by %2, and %2 may not approve or reject its own proposal: a second identity must decide (four eyes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 is not the one that was shown (its hash is %2, not %3): nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 is not approved: nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 does not expire before %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 changed meanwhile: nothing was changed; look at it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the four-eyes policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the four-eyes policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keeping proposal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing proposals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading proposal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approving proposal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejecting proposal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closing proposal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a role: viewer, operator or approver.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a user name this can grant a role to: letters, digits and &apos;_&apos; only, up to 63, not starting with a digit. Grant it yourself (README, &quot;Roles and four eyes&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting up the roles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting up the roles (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking %1 who this session is and what it may do failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server grants %1 no %2 on %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no proposals table yet: it was made before four eyes, and a read-only open adds nothing. Open it once to write (idemctl init) to add it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot commit on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A threshold is a number of records, 0 or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A proposal must stay open for some time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A proposal needs a valid id, a scope and records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no proposal %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot connect to PostgreSQL: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PostgreSQL answered a pipelined statement out of turn</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message>
        <source>&quot;%1&quot; on %2/%3 was refused: an action on an in-flight record needs the age it was chosen by (a cutoff), and none was given. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; on %2/%3 was refused: its cutoff %4 is at or before 1970, which would match every attempt, even one that just started. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This store has no cache step to retry: its actions are complete when applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No request was kept with this record: its claim came before requests were kept, or its scope&apos;s policy keeps none (ScopePolicy::keepRequest).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This store keeps no proposals: four eyes needs a native store (SQLite, PostgreSQL, MySQL/MariaDB or Redis); a foreign layout&apos;s actions apply at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roles are the server&apos;s: PostgreSQL, MySQL/MariaDB and Redis have them. SQLite has no users (the file&apos;s permissions decide), and a foreign layout&apos;s store belongs to its service.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreAccess</name>
    <message>
        <source>every right (operator and approver)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operator (may act and propose)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approver (may approve proposals)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>viewer (read only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no server identity (SQLite has no users)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown (the server would not say)</source>
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
    <message>
        <source>Open read-only: browse and report; the store refuses operator actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>native (idem-console&apos;s own)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>go-middleware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>java-handler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the store keeps its records: the console&apos;s own layout, or the layout of the service that writes them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/etc/idem/layouts/orders.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SQL database that keeps the audit log of this store&apos;s operator actions (sqlite:///path.db, postgresql://… or mysql://…); empty: a local SQLite file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layout&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys the Redis server looks at per SCAN round trip (COUNT), %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SCAN COUNT:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the layout file (a JSON file that maps the store onto records), or another layout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: a local SQLite file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty: the audit log is kept in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redis://cache.internal:6379/0, or none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service&apos;s Redis cache of idem:&lt;id&gt; keys, updated together with the record. Required to act on the records; &quot;none&quot; when the service runs without one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis Cluster: more nodes, e.g. 10.0.0.2:6379, 10.0.0.3:6379</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Redis Cluster is found from the host above alone; more seed nodes let the console reach it while that node is down. Leave empty for a single server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed nodes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: http://host:9090</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Prometheus server to take the hit, execute and anomaly counters from (the layout file&apos;s &quot;metrics&quot; mapping, else the idemctl exporter&apos;s metrics). Records, in-flight lists and actions still come from the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus:</source>
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
    <message>
        <source>The store URL option &apos;%1&apos; is not known for a %2 URL. Accepted options: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store URL option %1 must be a whole number from %2 to %3, not &apos;%4&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store URL option %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store URL option %1 must be one of %2, not &apos;%3&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store URL gives the option &apos;%1&apos; twice: give it once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Redis URL ends with a database number, e.g. redis://host:6379/0; what follows the port here is not one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store URL&apos;s user name contains &apos;:&apos; (perhaps written as %3A): a &apos;:&apos; there separates the user from the password. Give the password in its variable instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store URL has an option whose name is not a word (a mistyped &apos;=&apos; or &apos;&amp;&apos;?). Accepted options for a %1 URL: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not shown: it may hold a password)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Redis Cluster URL lists at most 64 seed nodes, not %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Redis Cluster seed node &apos;%1&apos; is not host:port (e.g. redis://10.0.0.1:6379,10.0.0.2:6379/0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Prometheus server&apos;s address: give http://host:port (e.g. http://127.0.0.1:9090), without /api/v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Prometheus address must not hold a user or password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the Prometheus server&apos;s address only (http://host:port, or its path prefix), without /api/v1, a query or a fragment: not &apos;%1&apos;.</source>
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
    <message>
        <source>%1 is %2 characters long; at most %3 are allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a store URL: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a Redis URL such as redis://cache.internal:6379/0, not %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a SQL database (sqlite:///path.db, postgresql://… or mysql://…), not Redis.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must not contain a password: it would be saved with the store. Set it in the server&apos;s password variable (e.g. IDEM_PG_PASSWORD) instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must not name a layout of its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout file path is %1 characters long; at most %2 are allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A layout file needs an absolute path, e.g. /etc/idem/layouts/orders.json, not %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 layout is kept in Redis or PostgreSQL, as its service writes it; choose one of those kinds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 layout is kept in Redis or MySQL, as its service writes it; choose one of those kinds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit log location applies to a foreign layout only; a native store keeps its own audit log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit log location</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cache URL applies to a java-handler layout on MySQL only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cache URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SCAN COUNT applies to a foreign layout on Redis only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SCAN COUNT must be between %1 and %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed nodes are for a Redis Cluster only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A seed node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed node %1 is not host:port (e.g. 10.0.0.2:6379).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Redis Cluster has only database 0.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimeoutPreviewPage</name>
    <message>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing has changed yet. These records would be marked timed out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the in-flight records …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b71c1c&apos;&gt;The preview failed: %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No in-flight record matches: there is nothing to mark timed out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; record(s) match; the oldest has been in flight for &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: only the %1 record(s) read so far are shown. Preview again to apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owners: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) cannot be read and are left out: %1. The in-flight view shows why.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing has changed yet. These records would be deleted, so their clients may resubmit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing has changed yet. These records would be released (deleted), so their clients may resubmit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of the selected records is still in flight and old enough: there is nothing to mark timed out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; included, &lt;b&gt;%2&lt;/b&gt; excluded (left as they are).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 records, %3 processes)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimeoutScopePage</name>
    <message>
        <source>Which records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-flight records whose current attempt started longer ago than the threshold are marked timed out, so their clients may resubmit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight for longer than:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The default of 10 minutes matches the in-flight timeout of the guard; a record younger than its request&apos;s own timeout may still finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-flight records whose request started longer ago than the threshold are deleted (the go-middleware layout has no timed-out state), so their clients may resubmit. Each is audited first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-flight records whose request started longer ago than the threshold get the layout&apos;s timeout status (%1), or are released. Read below what the service does next.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release instead: delete each record (and its cache key), so its client may resubmit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next: released records are deleted; the service runs the request again when its client resubmits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected records</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The %n selected record(s) (scope %1), each read again for the preview</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimeoutSweep</name>
    <message>
        <source>marking records timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guard runs the request again when its client resubmits (a new attempt of the same key).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The record is deleted (this layout has no timed-out state): the service runs the request again when its client resubmits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The java-handler service does not run a record again once its row holds %1: the next request with that id hits the row&apos;s unique key and gets the stored, empty response. Release the record instead (the row and its cache key are deleted) to let the client resubmit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>releasing records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: in-flight records start up to %1 h %2 min in the future, so their age reads 0 and no age threshold matches them. A timestamp column without a zone is probably read in another zone than the service writes it in. %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the clocks of the service&apos;s hosts.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimeoutWizard</name>
    <message>
        <source>Mark stuck records timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marking timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) will be released (deleted); their clients may resubmit.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) will be marked timed out.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Releasing</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n excluded record(s) are left as they are.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release %n selected record(s)?</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time out %n selected record(s)?</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release %n record(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time out %n record(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time out %n selected record(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Release stuck records</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Release %n selected record(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release %n record(s), propose %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time out %n record(s), propose %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idemctl</name>
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
        <source>Only attempts older than this (e.g. 10m, 90s, 2h).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most this many rows (default 100).</source>
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
    <message>
        <source>Checks every audit chain: each entry&apos;s hash, its link to the one before, the sequence and the chain head. An edited, deleted or reordered entry is reported with where the chain first breaks. Exit code 1 when it is broken.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this scope&apos;s chain (repeatable; default: every chain).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log intact: %1 entries in %2 chain(s) verified.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log BROKEN in scope %1 at seq %2 (stored at %3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chain&apos;s end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 entries in %2 chain(s) read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit entries, newest first, filtered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only entries by this operator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this action (timeout, reconcile-complete, reconcile-release, alert, …).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only entries of this batch id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only entries from this long ago (e.g. 1h, 7d).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most this many entries (default 100).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--since takes a duration such as 1h, 90m or 7d, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--limit must be a whole number from 1 to 100000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No audit entries match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: idemctl audit verify|list [options]
  verify  check the hash chains: detects an edited, deleted or reordered entry
  list    list entries, newest first, with filters
Run &apos;idemctl audit verify --help&apos; or &apos;idemctl audit list --help&apos; for their options.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit needs a subcommand: verify or list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown audit subcommand &apos;%1&apos;: use verify or list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconciles stuck records against a business order table: a done order completes the record with a response synthesised from the order (flagged as reconciled), a missing or failed order releases it so the client may resubmit, anything else is left for review. Orders are looked up in batches of %1. Each record changes only if it is still as the dry run saw it; every change is audited with the order row as evidence. Ctrl-C stops between records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL of the database with the order table (sqlite:///…, postgresql://…, mysql://…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order table, e.g. orders or sales.orders.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column holding the business number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column holding the order status.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated statuses that mean done (complete the record).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated statuses that mean still pending (review).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated statuses that mean failed (release the record).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record field matched against the key column: biz_no (default) or key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP status of the synthesised response (default 200).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Body template: {{key}}, {{biz_no}}, {{scope}}, {{status}}, {{order.COLUMN}}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start from this saved mapping profile; options given override it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the mapping under this name (shared with the console).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this scope (default: every scope).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-flight attempts started longer ago than this (default 10m).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave TIMED_OUT records out (they are included by default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave this record out (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who takes the action (default: the OS user).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why; written to the audit log. Required unless --dry-run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only show the plan; change nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show at most this many rows (default 100; the counts are complete).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reconcile profile named &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--match takes biz_no or key, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--response-status takes an HTTP status such as 200.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reconcile needs --orders URL --table T --key-column C --status-column S --done-values a,b (or --profile NAME).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--rows must be a whole number, 0 or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--exclude takes SCOPE/KEY, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reconcile needs --reason TEXT (written to the audit log), or --dry-run to only see the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dry run was interrupted; nothing changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stuck record(s): %2 to complete, %3 to release, %4 for review%5 (%6 order queries).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; %1 excluded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  (excluded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  … and %1 more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run: nothing changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1 by %2: %3 applied, %4 skipped (changed since the dry run), %5 failed%6; %7 left for review.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 untouched (interrupted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  skipped %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  failed  %1/%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marks in-flight records older than a threshold timed out, so their clients may resubmit. Each record changes only if it is still in flight under the lease the preview saw, and every change is written to the audit log. Ctrl-C stops between records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts started longer ago than this (90s, 10m, 2h, 1d; default 10m).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only preview what would change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--older-than takes a positive duration such as 90s, 10m, 2h or 1d, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sweep needs --reason TEXT (written to the audit log), or --dry-run to only preview.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The preview was interrupted; nothing changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in-flight record(s) older than %2 match%3; oldest %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> in scope %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owners: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1 by %2: %3 timed out, %4 skipped (changed since the preview), %5 failed%6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  (lists cut at %1; the counts above are complete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes a report of a time range: per-scope totals (executed, replayed, hit rate, anomalies, stuck records now), the per-minute series, the operator actions from the audit log and the audit chain&apos;s verdict, as PDF, CSV or JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start of the range, ISO 8601 (e.g. 2026-11-30T08:00:00Z).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End of the range, ISO 8601 (inclusive).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this scope (repeatable; default: every scope).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pdf, csv or json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file to write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who the report is for (default: the OS user).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--from takes an ISO 8601 time such as 2026-11-30T08:00:00Z, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--to takes an ISO 8601 time such as 2026-11-30T09:00:00Z, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--to must not be before --from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--format must be pdf, csv or json, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--out FILE is required.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A PDF report needs a QGuiApplication.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--operator must not be empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>intact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BROKEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the store keeps its records: native (default), go-middleware, java-handler or a layout JSON file (README &quot;Layouts&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the audit log of a foreign-layout store is kept (sqlite:///path.db, postgresql://…, mysql://…); default a local SQLite file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>java-handler on MySQL: the service&apos;s Redis cache (redis://host:port/db), updated together with the record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Foreign Redis layouts: keys per SCAN round trip (COUNT), 10 to 100000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--scan-count must be a number from 10 to 100000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is in the %2 layout: its own service claims the keys, so this command, which claims keys itself, does not run there. Use a native store for traffic and press tests; on this store use inflight, get, sweep, reconcile and audit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-flight records, oldest attempt first (native stores: served by an index, never a scan; foreign Redis layouts: SCAN, never KEYS).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>    UNREADABLE: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 record(s) cannot be read and are left out (idemctl get shows why): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--older-than %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creates an empty idempotency store (the SQLite file and its folder, or the tables and indexes in a PostgreSQL or MySQL database), or completes one an older version left incomplete. Reading commands never create a store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>init creates native stores only: a store in the %1 layout belongs to its service, which creates it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store ready at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>java-handler on MySQL: the service runs without a Redis cache (cache=none); without --cache or --no-cache, sweep and reconcile refuse.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--cache and --no-cache contradict each other: give one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  cache   %1/%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release the matched records instead of marking them timed out: each is deleted (java-handler: the row and its cache key), so its client may resubmit. The way to let a java-handler client resubmit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released records are deleted: the service runs the request again when its client resubmits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1 by %2: %3 released, %4 skipped (changed since the preview), %5 failed%6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Foreign SQL layouts: the zone the service writes its zone-less timestamp columns in (+08:00, UTC, Asia/Shanghai); default the database session&apos;s zone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the store read-only: the engine refuses every change. stats, inflight, get, audit and report always read only; demo, press and init write and refuse it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo cannot run read-only: it drives simulated sales traffic through the guard, which claims, completes and releases records as a service does. Leave out --read-only and give it a store of its own (e.g. --store sqlite:///tmp/idem-demo.db), never one a service uses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>init cannot run read-only: creating the store&apos;s file, tables and indexes is all it does. Leave out --read-only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>press cannot run read-only: every request it sends claims and completes a record, as a service does. Leave out --read-only and give it a store of its own (e.g. --store sqlite:///tmp/idem-press.db), never one a service uses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in_flight, completed, timed_out or any (default any).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only keys starting with this (a whole key finds that record).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only business numbers starting with this (a whole number finds its records).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oldest update first instead of newest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--state must be in_flight, completed, timed_out or any, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 record(s) match; showing %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 records, %3 processes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records in every state the store keeps, newest first, filtered and paged in the store (SQL: an index range per state; native Redis: completed records by a walk of the scope&apos;s completed index; foreign Redis layouts: a SCAN of every key). Reading changes nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis Cluster: replicas that must have a claim before the business runs (WAIT; 0 to 5; default: the scope&apos;s policy, 1 for payment and callback).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--replica-acks must be a whole number from 0 to 5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log intact: it is empty (0 entries); no operator action has been written to it yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: the store stopped answering, so %1 record(s) were not attempted: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped by Ctrl-C: %1 record(s) left untouched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the rules file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a JSON array of alert rules (as the console keeps them: [{&quot;kind&quot;: &quot;hitRateAbove&quot;, &quot;scope&quot;: &quot;&quot;, &quot;threshold&quot;: 30, &quot;minutes&quot;: 3}]).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes the console&apos;s alert rules (hit-rate ceiling, mismatches, stuck records, store round trip) as a Prometheus rules file, so the same thresholds page through Alertmanager when no console is open. Check it with promtool check rules FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output format: prometheus (the only one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rules as JSON (the console&apos;s format); default: the console&apos;s saved rules, else its defaults.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A layout file whose &quot;metrics&quot; section names the counters (default: the idemctl exporter&apos;s metrics).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write to this file instead of standard output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alert-rules needs --format prometheus.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layout %1 has no &quot;metrics&quot; section: without one, leave --layout out (the exporter&apos;s metrics).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idemctl: left out (the mapping %1 cannot express it): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>idemctl: %n rule(s) from %1 written to %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Take the counters from this Prometheus server (http://host:port) through the layout&apos;s &quot;metrics&quot; mapping (default: the idemctl exporter&apos;s metrics); records still come from the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long one Prometheus query may take, in ms (default 5000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--listen takes IP:PORT, such as 127.0.0.1:9464, 0.0.0.0:9464 or [::1]:9464 (port 0: any free port), not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serves the store&apos;s per-scope counters (idem_requests_total{scope,outcome}, …) and in-flight and stuck gauges at /metrics in the Prometheus text format. Opens the store read-only; one reading of the store serves every scrape for the cache period.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where to serve /metrics: IP:PORT (default 127.0.0.1:9464; port 0: any free port, printed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long one reading of the store serves scrapes (at least 1s; default 1s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen on %1: the port is in use or the address is not this machine&apos;s (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving %1 at http://%2/metrics (Ctrl-C stops).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters from Prometheus %1 (mapping %2); records from the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--cache-for takes a duration from 1s to 1h (e.g. 1s, 5s), not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1: %2 scope(s), %3 executed, %4 replayed, %5 operator action(s), %6 alert handling entries, audit log %7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One record with every field; the body as text when it is UTF-8, else base64; then the request the record kept (--json: a &quot;request&quot; object, null when none).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also set up the roles viewer, operator and approver on the server (PostgreSQL and MySQL/MariaDB: database roles idem_viewer, idem_operator, idem_approver and their grants; Redis: the ACL users idem-viewer, idem-operator, idem-approver) and the four-eyes thresholds (20 records store-wide, 1 in payment and callback). Run as the store&apos;s owner; again, it changes nothing that is already so.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --roles: give a login user a role (PostgreSQL, MySQL/MariaDB), as ROLE:USER, e.g. viewer:alice. Repeatable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a proposal stays open before it expires (90s, 10m, 4h; default 4h).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--proposal-ttl takes a duration such as 90s, 10m or 4h.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--grant takes ROLE:USER, the role viewer, operator or approver, the user letters, digits and &apos;_&apos; (up to 63, not starting with a digit); not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--grant goes with --roles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roles set up on %1; ran:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Four eyes: more than 20 records store-wide, more than 1 in payment and callback, need a second identity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: idemctl COMMAND [options]
The headless twin of idem-console.

Commands:
  demo      drive simulated sales traffic and print live counters
  press     press test: concurrent requests on few keys, exactly once?
  stats     counters per scope, records by state, stuck records
  inflight  list in-flight records, oldest first
  records   find records in any state (completed, timed out) by key or business number
  get       show one record
  sweep     mark in-flight records older than a threshold timed out (audited)
  reconcile complete or release stuck records against an order table (audited)
  audit     verify the audit log&apos;s hash chains, or list its entries
  report    a report of a time range as PDF, CSV or JSON
  init      create an empty store (reading commands never create one); --roles: viewer, operator, approver
  whoami    who the server says you are, your role, the four-eyes policy
  proposals actions held for a second identity (four eyes)
  approve   approve a proposal (not its proposer)
  reject    reject a proposal, with a reason
  apply     apply an approved proposal (records changed since are skipped)
  exporter  serve the store&apos;s counters to Prometheus (/metrics)
  alert-rules  the console&apos;s alert rules as a Prometheus rules file

Every store command takes --store URL (or $IDEM_STORE), --json and --help;
stats and report take --metrics URL to read the counters from Prometheus.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off (every action is applied at once)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1 record(s) store-wide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 need a second identity; a proposal stays open %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  %2  scope %3  %4 × %5  by %6 (%7)  expires %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no server identity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>    reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>    %1 by %2 (%3) at %4%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>    %1 by %2 (%3) at %4 %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The proposal (idemctl proposals lists them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who decides (default: the OS user).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why; written to the audit log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name one proposal: %1 ID.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a proposal id (p-YYYYMMDDTHHMMSS-xxxxxxxx; idemctl proposals lists them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deciding or applying a proposal writes to the store. Leave out --read-only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reject needs --reason TEXT (written to the audit log).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approves a proposal. The identity that proposed it cannot: a second one must.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejects a proposal, with a reason. Its records are left as they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 approved by %2 (%3). Apply it with idemctl apply %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 rejected by %2 (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Says who the server takes this connection for (PostgreSQL current_user, MySQL CURRENT_USER(), Redis ACL WHOAMI), the role its rights amount to, what it may not do, and the four-eyes policy. Reads only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store:     %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Identity:  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role:      %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>May not act (sweep, reconcile, propose, apply): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>May not approve or reject: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Four eyes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists the proposals (actions held for a second identity), newest first, or shows one with its records. Reads only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this proposal with its records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no proposal %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>    WARNING: this proposal no longer matches its hash: it was changed after it was proposed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No proposals.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applies an approved proposal: each record changes only if it is still as the proposal&apos;s preview saw it; records changed since are skipped and listed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal %1 applied, batch %2: %3 applied, %4 skipped (changed since the proposal), %5 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope %1: %2 record(s), more than its four-eyes threshold of %3: not applied, proposed as %4. A second identity approves it (idemctl approve %4), then idemctl apply %4.</source>
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
    <message>
        <source>Demo orders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open stores read-only: the store refuses every operator action.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
