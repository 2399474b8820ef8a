<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ActionApplyPage</name>
    <message>
        <source>Apply</source>
        <translation>执行</translation>
    </message>
    <message>
        <source>Each record changes only if it is still as the preview saw it (same state, same lease).</source>
        <translation>仅当每条记录仍保持预览时的状态（相同状态、相同租约）时才会更改。</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation>正在执行…</translation>
    </message>
    <message>
        <source>Nothing was applied.</source>
        <translation>未执行任何更改。</translation>
    </message>
    <message>
        <source>The store refused the action: %1</source>
        <translation>存储拒绝了该操作：%1</translation>
    </message>
    <message>
        <source>The action failed: %1</source>
        <translation>操作失败：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; applied · &lt;b&gt;%2&lt;/b&gt; skipped (changed meanwhile) · &lt;b&gt;%3&lt;/b&gt; failed</source>
        <translation>已执行 &lt;b&gt;%1&lt;/b&gt; 条 · 已跳过 &lt;b&gt;%2&lt;/b&gt; 条（期间已变更） · 失败 &lt;b&gt;%3&lt;/b&gt; 条</translation>
    </message>
    <message>
        <source> · &lt;b&gt;%1&lt;/b&gt; left untouched (stopped)</source>
        <translation> · 未处理 &lt;b&gt;%1&lt;/b&gt; 条（已停止）</translation>
    </message>
    <message>
        <source>Stopped on request: the records after the stop point were not changed.</source>
        <translation>已按请求停止：停止点之后的记录未被更改。</translation>
    </message>
    <message>
        <source>Nothing was applied: %1</source>
        <translation>未执行任何更改：%1</translation>
    </message>
    <message>
        <source>Skipped (changed meanwhile): %1</source>
        <translation>已跳过（期间已变更）：%1</translation>
    </message>
    <message>
        <source>no longer %1 under the lease the preview saw</source>
        <translation>在预览所见的租约下已不再是 %1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>%1 record(s) were changed in the store, but the service&apos;s cache was not updated, so the service still answers from the old value: %2</source>
        <translation>%1 条记录已在存储中修改，但服务的缓存未更新，服务仍按旧值应答：%2</translation>
    </message>
    <message>
        <source>Retry the cache step</source>
        <translation>重试缓存步骤</translation>
    </message>
    <message>
        <source>Update the service&apos;s cache of the records changed in the store, for each record still as the action left it; audited</source>
        <translation>为在存储中已修改的记录更新服务的缓存（仅限仍保持操作后状态的记录）；会写入审计日志</translation>
    </message>
    <message>
        <source>Retrying the cache step</source>
        <translation>正在重试缓存步骤</translation>
    </message>
    <message>
        <source>The cache step was not retried: %1</source>
        <translation>未重试缓存步骤：%1</translation>
    </message>
    <message>
        <source>Cache step retried: the service&apos;s cache of all %1 record(s) is up to date now (batch %2).</source>
        <translation>已重试缓存步骤：全部 %1 条记录的服务缓存现已更新（批次 %2）。</translation>
    </message>
    <message>
        <source>Cache step retried: %1 record(s) updated, %2 still not: %3</source>
        <translation>已重试缓存步骤：已更新 %1 条记录，仍有 %2 条未更新：%3</translation>
    </message>
    <message>
        <source>Show in Audit</source>
        <translation>在审计中查看</translation>
    </message>
    <message>
        <source>The Audit tab, filtered to this batch&apos;s entries</source>
        <translation>审计页，只显示本批次的条目</translation>
    </message>
    <message>
        <source> · &lt;b&gt;%1&lt;/b&gt; excluded by the operator (left as they are)</source>
        <translation> · &lt;b&gt;%1&lt;/b&gt; 条被操作员排除（保持原样）</translation>
    </message>
    <message>
        <source>Batch %1 — Show in Audit lists every entry it wrote.</source>
        <translation>批次 %1 —「在审计中查看」列出它写入的每条条目。</translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the store stopped answering, so %n record(s) were not attempted.</source>
        <translation>
            <numerusform>已停止：存储不再响应，因此有 %n 条记录未尝试。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s): applied, but not everything beside it was done (below).</source>
        <translation>
            <numerusform>%n 条警告：操作已执行，但附带的步骤未全部完成（见下方）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) failed and were not changed (listed below); the others were applied.</source>
        <translation>
            <numerusform>%n 条记录失败且未被更改（见下方列表）；其余记录已执行。</numerusform>
        </translation>
    </message>
    <message>
        <source>Warnings: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Scope %1: %2 record(s), more than its four-eyes threshold of %3: not applied, proposed as %4. A second identity approves it in the Proposals tab; then it is applied from there.</source>
        <translation>作用域 %1：%2 条记录，超过其四眼阈值 %3：未应用，已保存为提案 %4。由另一身份在“提案”页批准后，再从那里应用。</translation>
    </message>
</context>
<context>
    <name>ActionTargetModel</name>
    <message>
        <source>Excluded: this record is left as it is</source>
        <translation>已排除：此记录保持原样</translation>
    </message>
    <message>
        <source>Included: applied with the others</source>
        <translation>已包含：与其他记录一起应用</translation>
    </message>
    <message>
        <source>Uncheck a row to leave its record out</source>
        <translation>取消勾选某行即可将其记录排除在外</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
</context>
<context>
    <name>ActionWizard</name>
    <message numerus="yes">
        <source>Propose %n record(s)</source>
        <translation>
            <numerusform>将 %n 条记录保存为提案</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Of them, %n record(s) in %1 are over the scope&apos;s four-eyes threshold: they are proposed for a second identity to approve, not applied now.</source>
        <translation>
            <numerusform>其中 %1 中的 %n 条记录超过该作用域的四眼阈值：将保存为提案，由另一身份批准，现在不会应用。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AgeText</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 天 %2 小时</translation>
    </message>
</context>
<context>
    <name>AlertEvaluator</name>
    <message>
        <source>Hit rate above (%)</source>
        <translation>命中率高于（%）</translation>
    </message>
    <message>
        <source>Stuck records above</source>
        <translation>卡住的记录数高于</translation>
    </message>
    <message>
        <source>Mismatches (422) per minute above</source>
        <translation>每分钟请求不一致（422）数高于</translation>
    </message>
    <message>
        <source>Store round trip above (ms)</source>
        <translation>存储往返耗时高于（ms）</translation>
    </message>
    <message>
        <source>every scope</source>
        <translation>所有作用域</translation>
    </message>
    <message>
        <source>scope %1</source>
        <translation>作用域 %1</translation>
    </message>
    <message>
        <source>hit rate above %1% for %2 min in %3</source>
        <translation>%3 中命中率连续 %2 分钟高于 %1%</translation>
    </message>
    <message>
        <source>more than %1 stuck records in the store</source>
        <translation>存储中卡住的记录超过 %1 条</translation>
    </message>
    <message>
        <source>more than %1 mismatches per minute for %2 min in %3</source>
        <translation>%3 中每分钟请求不一致超过 %1 次，持续 %2 分钟</translation>
    </message>
    <message>
        <source>store round trip above %1 ms</source>
        <translation>存储往返耗时高于 %1 ms</translation>
    </message>
    <message>
        <source>Hit rate in %1 is %2% at %3, above %4% for %5 min: clients are retrying far more than usual. Check the service&apos;s latency and errors and the callers&apos; retry and timeout settings.</source>
        <translation>%1 的命中率于 %3 达到 %2%，已连续 %5 分钟高于 %4%：客户端重试次数远超平常。请检查该服务的延迟和错误，以及调用方的重试和超时设置。</translation>
    </message>
    <message>
        <source>Hit rate in %1 is back to %2% at %3 (limit %4%).</source>
        <translation>%1 的命中率已于 %3 恢复到 %2%（阈值 %4%）。</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) in %1 reused a key with a different body at %2 (limit %3 per minute): a client reuses idempotency keys for new requests. Find it by the keys in the In flight and Audit tabs.</source>
        <translation>
            <numerusform>%1 中有 %n 个请求于 %2 使用了已有的键但请求体不同（阈值每分钟 %3 次）：有客户端将幂等键复用于新请求。请按“处理中”和“审计”标签页中的键查找该客户端。</numerusform>
        </translation>
    </message>
    <message>
        <source>Mismatches in %1 are back to %2 per minute at %3 (limit %4).</source>
        <translation>%1 的请求不一致已于 %3 恢复到每分钟 %2 次（阈值 %4）。</translation>
    </message>
    <message>
        <source>The store took %1 ms to answer (limit %2 ms): check the store server&apos;s load and the network to it.</source>
        <translation>存储响应耗时 %1 ms（阈值 %2 ms）：请检查存储服务器的负载及到该服务器的网络。</translation>
    </message>
    <message>
        <source>The store answers in %1 ms again (limit %2 ms).</source>
        <translation>存储响应耗时已恢复到 %1 ms（阈值 %2 ms）。</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>notice</source>
        <translation>提示</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) stuck in flight in %1 (limit %2): the service that claimed them has not finished. Check it, then use Actions ▸ Mark stuck records timed out.</source>
        <translation>
            <numerusform>%1 中有 %n 条记录卡在处理中（阈值 %2）：认领这些记录的服务尚未完成。请先检查该服务，再使用“操作 ▸ 将卡住的记录标记为超时”。</numerusform>
        </translation>
    </message>
    <message>
        <source>Stuck records in %1 are back to %2 (limit %3).</source>
        <translation>%1 中卡住的记录已恢复到 %2 条（阈值 %3）。</translation>
    </message>
</context>
<context>
    <name>AlertList</name>
    <message>
        <source>Acknowledge</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Keep the selected alert listed but quiet until it clears and is raised again</source>
        <translation>所选告警保留在列表中但不再提醒，直到它解除后再次触发</translation>
    </message>
    <message>
        <source>Snooze</source>
        <translation>暂停提醒</translation>
    </message>
    <message>
        <source>Hide the selected alert&apos;s rule for a while</source>
        <translation>在一段时间内隐藏所选告警的规则</translation>
    </message>
    <message>
        <source>15 min</source>
        <translation>15 分钟</translation>
    </message>
    <message>
        <source>1 h</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>4 h</source>
        <translation>4 小时</translation>
    </message>
    <message>
        <source>%1: hit rate %2% (limit %3%)</source>
        <translation>%1：命中率 %2%（上限 %3%）</translation>
    </message>
    <message>
        <source>%1: %2 mismatches (422) a minute (limit %3)</source>
        <translation>%1：每分钟 %2 次参数不一致（422）（上限 %3）</translation>
    </message>
    <message>
        <source>store round trip %1 ms (limit %2 ms)</source>
        <translation>存储往返 %1 毫秒（上限 %2 毫秒）</translation>
    </message>
    <message>
        <source>[%1] %2 — since %3 (%4)</source>
        <translation>[%1] %2 — 自 %3 起（%4）</translation>
    </message>
    <message>
        <source> · acknowledged</source>
        <translation> · 已确认</translation>
    </message>
    <message>
        <source>No alerts raised.</source>
        <translation>没有已触发的告警。</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>未打开任何存储。</translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s)</source>
        <translation>
            <numerusform>%n 条告警</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n snoozed</source>
        <translation>
            <numerusform>%n 条暂停提醒</numerusform>
        </translation>
    </message>
    <message>
        <source>Wake</source>
        <translation>唤醒</translation>
    </message>
    <message>
        <source>End the selected alert&apos;s snooze now</source>
        <translation>立即结束所选告警的暂停提醒</translation>
    </message>
    <message>
        <source>%1: %2 stuck records (limit %3)</source>
        <translation>%1：%2 条卡住的记录（上限 %3）</translation>
    </message>
    <message>
        <source> · snoozed until %1</source>
        <translation> · 暂停提醒至 %1</translation>
    </message>
</context>
<context>
    <name>AlertMonitor</name>
    <message>
        <source>Acknowledged: %1</source>
        <translation>已确认：%1</translation>
    </message>
    <message numerus="yes">
        <source>Snoozed for %n min: %1</source>
        <translation>
            <numerusform>暂停提醒 %n 分钟：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Snooze ended early: %1</source>
        <translation>提前结束暂停提醒：%1</translation>
    </message>
</context>
<context>
    <name>AlertRulesDialog</name>
    <message>
        <source>Alert rules</source>
        <translation>告警规则</translation>
    </message>
    <message>
        <source>An alert is raised as a banner, a tray notification and an audit entry when its rule holds, and cleared when it no longer does. Hit rate and mismatches are judged per scope on complete minutes; stuck records and the round trip are store-wide. Callbacks normally replay about 5%; 30% means trouble.</source>
        <translation>告警规则成立时触发告警，以横幅、托盘通知和审计条目的形式呈现；规则不再成立时告警恢复。命中率和请求不一致按作用域、按完整分钟判断；卡住的记录和往返耗时按整个存储判断。回调的重放率通常约为 5%；达到 30% 即表示有问题。</translation>
    </message>
    <message>
        <source>Alert when</source>
        <translation>告警条件</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>For minutes</source>
        <translation>持续分钟数</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>Restore &amp;defaults</source>
        <translation>恢复默认值(&amp;D)</translation>
    </message>
    <message>
        <source>(every scope)</source>
        <translation>（所有作用域）</translation>
    </message>
    <message>
        <source>Store-wide: this reading is not kept per scope</source>
        <translation>整个存储：此读数不按作用域保存</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Judged on every reading, not over minutes of counters</source>
        <translation>每次读取时判断，不按分钟计数器窗口</translation>
    </message>
</context>
<context>
    <name>AuditEntry</name>
    <message>
        <source>%1 (no server identity: SQLite)</source>
        <translation>%1（无服务器身份：SQLite）</translation>
    </message>
    <message>
        <source>%1 (server: %2)</source>
        <translation>%1（服务器：%2）</translation>
    </message>
</context>
<context>
    <name>AuditModel</name>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>操作员</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Before → after</source>
        <translation>变更前 → 变更后</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>哈希</translation>
    </message>
</context>
<context>
    <name>AuditVerifier</name>
    <message>
        <source>Reading the audit chain of &apos;%1&apos; does not advance past position &apos;%2&apos;.</source>
        <translation>读取“%1”的审计链时，无法越过位置“%2”继续推进。</translation>
    </message>
    <message>
        <source>the entry at seq %1 names scope &apos;%2&apos; but is stored in the chain of &apos;%3&apos;: it was moved or inserted</source>
        <translation>序号 %1 的条目标明作用域为“%2”，却存储在“%3”的链中：该条目被移动或插入</translation>
    </message>
    <message>
        <source>gap: seq %1 expected, %2 found: the entries in between were deleted, or entries were reordered</source>
        <translation>序号不连续：应为 %1，实际为 %2：中间的条目被删除，或条目顺序被打乱</translation>
    </message>
    <message>
        <source>seq %1 found after seq %2: an entry was duplicated, inserted or reordered</source>
        <translation>序号 %1 出现在序号 %2 之后：有条目被复制、插入或顺序被打乱</translation>
    </message>
    <message>
        <source>the entry at seq %1 does not link to the entry before it (previous hash differs): an entry before it was replaced, or entries were reordered</source>
        <translation>序号 %1 的条目未链接到其前一条目（前序哈希不一致）：其之前的某个条目被替换，或条目顺序被打乱</translation>
    </message>
    <message>
        <source>hash mismatch at seq %1: the entry was edited after it was written</source>
        <translation>序号 %1 处哈希不匹配：该条目在写入后被修改</translation>
    </message>
    <message>
        <source>the chain has %1 entries but no head: the head was deleted, so the newest entries cannot be vouched for</source>
        <translation>链中有 %1 个条目但没有链头：链头已被删除，因此无法担保最新的条目</translation>
    </message>
    <message>
        <source>the chain is empty but its head records seq %1: every entry was deleted</source>
        <translation>链为空，但其链头记录的序号为 %1：所有条目均已被删除</translation>
    </message>
    <message>
        <source>the chain ends at seq %1 but its head records seq %2: the newest entries were deleted</source>
        <translation>链结束于序号 %1，但其链头记录的序号为 %2：最新的条目已被删除</translation>
    </message>
    <message>
        <source>the chain goes on to seq %1 past its head at seq %2: entries were appended outside the store</source>
        <translation>链延续到序号 %1，超出了序号 %2 处的链头：有条目在存储之外被追加</translation>
    </message>
    <message>
        <source>the head&apos;s hash differs from the last entry&apos;s (seq %1): the last entry or the head was changed</source>
        <translation>链头的哈希与最后一个条目（序号 %1）的哈希不同：最后一个条目或链头已被更改</translation>
    </message>
</context>
<context>
    <name>AuditView</name>
    <message>
        <source>From:</source>
        <translation>从：</translation>
    </message>
    <message>
        <source>To:</source>
        <translation>到：</translation>
    </message>
    <message>
        <source>Verify chain</source>
        <translation>校验链</translation>
    </message>
    <message>
        <source>all scopes</source>
        <translation>所有作用域</translation>
    </message>
    <message>
        <source>all actions</source>
        <translation>所有操作</translation>
    </message>
    <message>
        <source>operator</source>
        <translation>操作员</translation>
    </message>
    <message>
        <source>batch id</source>
        <translation>批次 ID</translation>
    </message>
    <message>
        <source>key prefix</source>
        <translation>键前缀</translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>作用域：</translation>
    </message>
    <message>
        <source>Action:</source>
        <translation>操作：</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Select an entry to see it in full, with its evidence.</source>
        <translation>选择一个条目以查看其完整内容及证据。</translation>
    </message>
    <message>
        <source>The chain has not been verified in this session.</source>
        <translation>本次会话中尚未校验哈希链。</translation>
    </message>
    <message>
        <source>Could not load the audit log: %1</source>
        <translation>无法加载审计日志：%1</translation>
    </message>
    <message>
        <source>Loading …</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>The newest %1 matching entries are shown; narrow the filters to see older ones.</source>
        <translation>仅显示最新的 %1 条匹配条目；缩小筛选范围可查看更早的条目。</translation>
    </message>
    <message>
        <source>%1 matching entries</source>
        <translation>%1 条匹配条目</translation>
    </message>
    <message>
        <source>Verifying …</source>
        <translation>正在校验…</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Could not verify: %1</source>
        <translation>无法校验：%1</translation>
    </message>
    <message>
        <source>Chain intact: %1 entries in %2 chain(s) verified.</source>
        <translation>哈希链完整：已校验 %2 条链中的 %1 个条目。</translation>
    </message>
    <message>
        <source>Chain broken: scope %1, seq %2 (stored as %3): %4. %5 entries read.</source>
        <translation>哈希链已断裂：作用域 %1，序号 %2（存储为 %3）：%4。已读取 %5 个条目。</translation>
    </message>
    <message>
        <source>Verification stopped after %1 entries: nothing is vouched for.</source>
        <translation>校验在读取 %1 个条目后停止：无法担保任何条目。</translation>
    </message>
    <message>
        <source>Operator actions</source>
        <translation>操作员操作</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>告警</translation>
    </message>
    <message>
        <source>All entries</source>
        <translation>全部条目</translation>
    </message>
    <message>
        <source>Operator actions on records, the console&apos;s alert entries (raised, acknowledged, snoozed), or both</source>
        <translation>针对记录的操作员操作、控制台的告警条目（触发、确认、暂停提醒），或两者</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Show all entries</source>
        <translation>显示全部条目</translation>
    </message>
    <message>
        <source>Showing the history of record %1 in scope %2.</source>
        <translation>正在显示作用域 %2 中记录 %1 的历史。</translation>
    </message>
    <message>
        <source>Showing operator batch %1.</source>
        <translation>正在显示操作批次 %1。</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>%1, seq %2</source>
        <translation>%1，序号 %2</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>操作员</translation>
    </message>
    <message>
        <source>%1 @ %2</source>
        <translation>%1 @ %2</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>哈希</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>前一条哈希</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Server identity</source>
        <translation>服务器身份</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
</context>
<context>
    <name>AuditWording</name>
    <message>
        <source>%1, not applied</source>
        <translation>%1（未执行）</translation>
    </message>
    <message>
        <source>%1, cache updated</source>
        <translation>%1（缓存已更新）</translation>
    </message>
    <message>
        <source>marked timed out</source>
        <translation>标记为超时</translation>
    </message>
    <message>
        <source>reconciled: completed</source>
        <translation>对账：已完成</translation>
    </message>
    <message>
        <source>reconciled: released</source>
        <translation>对账：已释放</translation>
    </message>
    <message>
        <source>cache not updated</source>
        <translation>缓存未更新</translation>
    </message>
    <message>
        <source>alert raised</source>
        <translation>告警触发</translation>
    </message>
    <message>
        <source>alert acknowledged</source>
        <translation>告警已确认</translation>
    </message>
    <message>
        <source>alert snoozed</source>
        <translation>告警暂停提醒</translation>
    </message>
    <message>
        <source>alert woken</source>
        <translation>告警已唤醒</translation>
    </message>
    <message>
        <source>in flight</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
</context>
<context>
    <name>AutoRefreshBox</name>
    <message>
        <source>Read the listed records again every few seconds while this tab is shown, keeping the selection</source>
        <translation>此页显示时每隔几秒重新读取列出的记录，保留选择</translation>
    </message>
    <message>
        <source>Auto-refresh every %1</source>
        <translation>每 %1 自动刷新</translation>
    </message>
</context>
<context>
    <name>ClusterStatusLabel</name>
    <message>
        <source>%1: up, %2 ms</source>
        <translation>%1：在线，%2 毫秒</translation>
    </message>
    <message>
        <source>%1: DOWN — %2</source>
        <translation>%1：已宕机 — %2</translation>
    </message>
    <message>
        <source>Cluster: %1/%2 masters up</source>
        <translation>集群：%1/%2 个主节点在线</translation>
    </message>
    <message>
        <source> — down: %1</source>
        <translation> — 宕机：%1</translation>
    </message>
    <message>
        <source> · slowest %1 (%2 ms)</source>
        <translation> · 最慢 %1（%2 毫秒）</translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>The password lookup was cancelled.</source>
        <translation>已取消获取密码。</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Connect to a store</source>
        <translation>连接存储</translation>
    </message>
    <message>
        <source>Recent stores:</source>
        <translation>最近使用的存储：</translation>
    </message>
    <message>
        <source>Save to list</source>
        <translation>保存到列表</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Connected, %1 in flight, round trip %2 ms</source>
        <translation>连接成功，处理中 %1 条，往返 %2 ms</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1（只读）</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>已保存。</translation>
    </message>
    <message>
        <source>Saving the password in the system keychain…</source>
        <translation>正在将密码保存到系统钥匙串…</translation>
    </message>
    <message>
        <source>Saved; the password is in the system keychain.</source>
        <translation>已保存，密码存放在系统钥匙串中。</translation>
    </message>
    <message>
        <source>Removed; the keychain kept its password: %1</source>
        <translation>已移除，但系统钥匙串中的密码未能删除：%1</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>已移除 %1。</translation>
    </message>
    <message>
        <source>Looking up the password…</source>
        <translation>正在获取密码…</translation>
    </message>
    <message>
        <source>Testing %1 …</source>
        <translation>正在测试 %1…</translation>
    </message>
</context>
<context>
    <name>CounterTimelineModel</name>
    <message>
        <source>Minute</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>Executed</source>
        <translation>执行</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>重放</translation>
    </message>
    <message>
        <source>In progress (409)</source>
        <translation>处理中 (409)</translation>
    </message>
    <message>
        <source>Mismatch (422)</source>
        <translation>请求不一致 (422)</translation>
    </message>
    <message>
        <source>Released (5xx)</source>
        <translation>已释放 (5xx)</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>Late finish</source>
        <translation>迟到完成</translation>
    </message>
    <message>
        <source>Store errors</source>
        <translation>存储错误</translation>
    </message>
    <message>
        <source>Hit rate %</source>
        <translation>命中率 %</translation>
    </message>
    <message>
        <source>Alert threshold %</source>
        <translation>告警阈值 %</translation>
    </message>
    <message>
        <source>Created, completed now</source>
        <translation>已创建，现已完成</translation>
    </message>
    <message>
        <source>Created, in flight now</source>
        <translation>已创建，现处理中</translation>
    </message>
    <message>
        <source>Created, timed out now</source>
        <translation>已创建，现已超时</translation>
    </message>
    <message>
        <source>Created, unreadable</source>
        <translation>已创建，无法读取</translation>
    </message>
</context>
<context>
    <name>DashboardMarkers</name>
    <message>
        <source>no data in Prometheus</source>
        <translation>Prometheus 中无数据</translation>
    </message>
    <message>
        <source>alert raised</source>
        <translation>告警触发</translation>
    </message>
</context>
<context>
    <name>DashboardView</name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Hit rate, last 5 min</source>
        <translation>命中率（近 5 分钟）</translation>
    </message>
    <message>
        <source>Executions / min</source>
        <translation>执行次数/分钟</translation>
    </message>
    <message>
        <source>Anomalies / min</source>
        <translation>异常数/分钟</translation>
    </message>
    <message>
        <source>Stuck records</source>
        <translation>卡住的记录</translation>
    </message>
    <message>
        <source>Store round trip</source>
        <translation>存储往返耗时</translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>作用域：</translation>
    </message>
    <message>
        <source>All scopes</source>
        <translation>全部作用域</translation>
    </message>
    <message>
        <source>Range:</source>
        <translation>时间范围：</translation>
    </message>
    <message>
        <source>15 min</source>
        <translation>15 分钟</translation>
    </message>
    <message>
        <source>1 h</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>6 h</source>
        <translation>6 小时</translation>
    </message>
    <message>
        <source>24 h</source>
        <translation>24 小时</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Refresh every</source>
        <translation>刷新间隔</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Requests per minute</source>
        <translation>每分钟请求数</translation>
    </message>
    <message>
        <source>Anomalies per minute</source>
        <translation>每分钟异常数</translation>
    </message>
    <message>
        <source>Hit rate (replayed ÷ (replayed + executed)), %</source>
        <translation>命中率（%）= 重放 ÷ (重放 + 执行)</translation>
    </message>
    <message>
        <source>executed</source>
        <translation>执行</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>重放</translation>
    </message>
    <message>
        <source>in progress (409)</source>
        <translation>处理中 (409)</translation>
    </message>
    <message>
        <source>mismatch (422)</source>
        <translation>请求不一致 (422)</translation>
    </message>
    <message>
        <source>released (5xx)</source>
        <translation>已释放 (5xx)</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>hit rate</source>
        <translation>命中率</translation>
    </message>
    <message>
        <source>alert threshold</source>
        <translation>告警阈值</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Last read failed: %1</source>
        <translation>上次读取失败：%1</translation>
    </message>
    <message>
        <source>Updated %1</source>
        <translation>更新于 %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Records created / min</source>
        <translation>每分钟创建记录数</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>This layout keeps no counters: its service records no hits, executions or anomalies. Shown instead: records created per minute by their state now, and the in-flight and stuck counts as sampled by this dashboard.</source>
        <translation>此布局不保存计数器：其服务不记录命中、执行或异常。改为显示：按当前状态划分的每分钟创建记录数，以及本仪表盘采样到的处理中和卡住记录数。</translation>
    </message>
    <message>
        <source>Hit rate: this layout keeps no counters.
Its service does not record replays and executions, so the hit rate (replayed ÷ (replayed + executed)) cannot be shown for this store.</source>
        <translation>命中率：此布局不保存计数器。
其服务不记录重放和执行次数，因此无法显示该存储的命中率（重放 ÷（重放 + 执行））。</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>in flight</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>Records created per minute, by their state now</source>
        <translation>每分钟创建的记录（按当前状态）</translation>
    </message>
    <message>
        <source>In flight and stuck records, as sampled by this dashboard</source>
        <translation>处理中和卡住的记录（本仪表盘采样）</translation>
    </message>
    <message>
        <source>Every scope over the last 5 minutes, the one in most trouble first. Click a scope to show it.</source>
        <translation>最近 5 分钟内的每个作用域，问题最严重的在前。点击作用域即可查看它。</translation>
    </message>
    <message>
        <source>%1: %2% (limit %3%)</source>
        <translation>%1：%2%（上限 %3%）</translation>
    </message>
    <message>
        <source>Counters: Prometheus %1 gave none (%2): %3 Shown instead: the store&apos;s own view.</source>
        <translation>计数：Prometheus %1 未给出数据（%2）：%3 改为显示存储自身的视图。</translation>
    </message>
    <message>
        <source>Counters from Prometheus %1 (mapping %2); records, in-flight lists and actions from the store.</source>
        <translation>计数来自 Prometheus %1（映射 %2）；记录、处理中列表和操作来自存储。</translation>
    </message>
    <message>
        <source>Note: %1.</source>
        <translation>注意：%1。</translation>
    </message>
    <message>
        <source>Counters come from Prometheus again as soon as it answers.</source>
        <translation>Prometheus 一恢复应答，计数就会重新来自 Prometheus。</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>requests / min</source>
        <translation>请求数 / 分钟</translation>
    </message>
    <message>
        <source>events / min</source>
        <translation>事件数 / 分钟</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>records / min</source>
        <translation>记录数 / 分钟</translation>
    </message>
    <message>
        <source>records</source>
        <translation>记录数</translation>
    </message>
</context>
<context>
    <name>ForeignSqlStore</name>
    <message>
        <source>%1 is NULL</source>
        <translation>%1 为 NULL</translation>
    </message>
    <message>
        <source>%1 is not a JSON object of strings: %2</source>
        <translation>%1 不是由字符串组成的 JSON 对象：%2</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is none of the layout&apos;s state values (%3)</source>
        <translation>%1“%2”不是该布局的任何状态值（%3）</translation>
    </message>
    <message>
        <source>Configuring the %1 connection</source>
        <translation>配置 %1 连接</translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
        <translation>%1 在 %2 上失败：%3</translation>
    </message>
    <message>
        <source>Reading the columns of %1</source>
        <translation>读取 %1 的列</translation>
    </message>
    <message>
        <source>The table %1 of the %2 layout does not exist in %3, or user %4 may not read it. Give the table the service writes in the layout (&quot;sql&quot;: {&quot;table&quot;: …}).</source>
        <translation>%2 布局的表 %1 在 %3 中不存在，或用户 %4 无权读取。请在布局中指定该服务写入的表（&quot;sql&quot;: {&quot;table&quot;: …}）。</translation>
    </message>
    <message>
        <source>%1 (for %2)</source>
        <translation>%1（对应 %2）</translation>
    </message>
    <message>
        <source>The table %1 on %2 has no column %3, which the %4 layout reads. Its columns are: %5.</source>
        <translation>%2 上的表 %1 没有 %4 布局要读取的列 %3。它的列为：%5。</translation>
    </message>
    <message>
        <source>The URL option cache= applies to the java-handler layout only, not to %1.</source>
        <translation>URL 选项 cache= 只适用于 java-handler 布局，不适用于 %1。</translation>
    </message>
    <message>
        <source>The URL option cache= must be redis://host:port[/db]: %1</source>
        <translation>URL 选项 cache= 必须为 redis://host:port[/db]：%1</translation>
    </message>
    <message>
        <source>The URL option cache= must be redis://host:port[/db], not %1.</source>
        <translation>URL 选项 cache= 必须为 redis://host:port[/db]，而不是 %1。</translation>
    </message>
    <message>
        <source>%1 is used before it was opened.</source>
        <translation>%1 在打开之前就被使用了。</translation>
    </message>
    <message>
        <source>Reading a record</source>
        <translation>读取记录</translation>
    </message>
    <message>
        <source>Counting records</source>
        <translation>统计记录</translation>
    </message>
    <message>
        <source>Reading the activity</source>
        <translation>读取活动数据</translation>
    </message>
    <message>
        <source>Applying &quot;%1&quot; to %2</source>
        <translation>对 %2 执行“%1”</translation>
    </message>
    <message>
        <source>Redis answered %1</source>
        <translation>Redis 应答 %1</translation>
    </message>
    <message>
        <source>The %1 layout keeps a Redis cache beside MySQL, and an action that leaves it stale makes the service answer 409 until the key expires. Give the cache (--cache redis://host:port/db, URL option cache=), or --no-cache (cache=none) if this service runs without one.</source>
        <translation>%1 布局在 MySQL 之外还有 Redis 缓存；操作若让缓存过期未更新，服务会在该键过期前一直返回 409。请给出缓存（--cache redis://host:port/db，URL 选项 cache=），若该服务不使用缓存则给出 --no-cache（cache=none）。</translation>
    </message>
    <message>
        <source>%1 was applied in MySQL, but the Redis cache key %2 could not be updated (%3), and nothing retries it: the handler answers from the stale cache until the key expires. Run %4 on the cache once it is reachable.</source>
        <translation>%1 已在 MySQL 中执行，但 Redis 缓存键 %2 无法更新（%3），且不会自动重试：在该键过期前处理程序会按过时的缓存应答。请在缓存可访问后对其执行 %4。</translation>
    </message>
    <message>
        <source>The audit note saying so failed too: %1</source>
        <translation>记录此情况的审计条目也写入失败：%1</translation>
    </message>
    <message>
        <source>Setting the layout&apos;s time zone &apos;%1&apos; (an offset such as +08:00 always works; a zone name needs the server&apos;s time zone tables)</source>
        <translation>设置布局的时区“%1”（+08:00 这样的偏移量总是可用；时区名称需要服务器已加载时区表）</translation>
    </message>
    <message>
        <source>Reading the session&apos;s time zone</source>
        <translation>读取会话时区</translation>
    </message>
    <message>
        <source>%1 (the server&apos;s system zone)</source>
        <translation>%1（服务器的系统时区）</translation>
    </message>
    <message>
        <source>Times without a zone are read in %1, the layout&apos;s time_zone.</source>
        <translation>不带时区的时间按 %1 读取，即布局的 time_zone。</translation>
    </message>
    <message>
        <source>Times without a zone are read in %1, the %2 session&apos;s zone. If the service writes them in another zone, set the layout&apos;s &quot;sql.time_zone&quot; (or --time-zone).</source>
        <translation>不带时区的时间按 %1 读取，即 %2 会话的时区。如果服务按其他时区写入这些时间，请设置布局的 &quot;sql.time_zone&quot;（或 --time-zone）。</translation>
    </message>
    <message>
        <source>(not read yet)</source>
        <translation>（尚未读取）</translation>
    </message>
    <message>
        <source>Listing records</source>
        <translation>正在列出记录</translation>
    </message>
</context>
<context>
    <name>ForeignStore</name>
    <message>
        <source>%1 is not possible on %2: the store is in the %3 layout, whose service owns its records; the console reads them and applies operator actions only.</source>
        <translation>无法在 %2 上%1：该存储采用 %3 布局，其记录归所属服务管理；控制台只读取记录并执行运维操作。</translation>
    </message>
    <message>
        <source>The audit location of %1 is not usable: %2</source>
        <translation>%1 的审计日志位置不可用：%2</translation>
    </message>
    <message>
        <source>The audit log of a %1 store is kept in a SQL database: give audit=sqlite:///path.db, postgresql://… or mysql://…, not %2.</source>
        <translation>%1 存储的审计日志保存在 SQL 数据库中：请指定 audit=sqlite:///path.db、postgresql://… 或 mysql://…，而不是 %2。</translation>
    </message>
    <message>
        <source>The audit location %1 names a layout; the audit log is always native.</source>
        <translation>审计日志位置 %1 指定了布局；审计日志始终使用原生布局。</translation>
    </message>
    <message>
        <source>Cannot create the directory for the audit log %1.</source>
        <translation>无法为审计日志 %1 创建目录。</translation>
    </message>
    <message>
        <source>The audit log of %1 cannot be opened at %2: %3</source>
        <translation>无法在 %2 打开 %1 的审计日志：%3</translation>
    </message>
    <message>
        <source>Claiming a key</source>
        <translation>抢占幂等键</translation>
    </message>
    <message>
        <source>Completing a record</source>
        <translation>完成记录</translation>
    </message>
    <message>
        <source>Releasing a record</source>
        <translation>释放记录</translation>
    </message>
    <message>
        <source>%1/%2 cannot be read (%3), so &quot;%4&quot; was not applied. Inspect the value with idemctl get.</source>
        <translation>%1/%2 无法读取（%3），因此未执行“%4”。请用 idemctl get 检查该值。</translation>
    </message>
    <message>
        <source>The audit entry for %1/%2 could not be written, so nothing was changed: %3</source>
        <translation>%1/%2 的审计条目无法写入，因此未做任何更改：%3</translation>
    </message>
    <message>
        <source>Entry %1 was not applied: the record changed after the preview (%2).</source>
        <translation>条目 %1 未生效：预览之后记录已被修改（%2）。</translation>
    </message>
    <message>
        <source>Entry %1 was not applied: %2</source>
        <translation>条目 %1 未生效：%2</translation>
    </message>
    <message>
        <source>%1/%2 was not changed, and the audit note saying so failed: %3. Entry %4 of chain %1 records an action that did not happen.</source>
        <translation>%1/%2 未被修改，且记录这一情况的审计说明写入失败：%3。链 %1 的条目 %4 记录了一个实际未发生的操作。</translation>
    </message>
    <message>
        <source>An operator action through a read-only open</source>
        <translation>通过只读方式打开时执行运维操作</translation>
    </message>
    <message>
        <source>Writing an audit entry through a read-only open</source>
        <translation>通过只读方式打开时写入审计条目</translation>
    </message>
    <message>
        <source>Retrying a cache step through a read-only open</source>
        <translation>通过只读方式打开时重试缓存步骤</translation>
    </message>
    <message>
        <source>%1/%2 changed after &quot;%3&quot; was applied, so its cache step was not retried: look at the record and its cache key first.</source>
        <translation>%1/%2 在执行“%3”之后已发生变化，因此未重试其缓存步骤：请先检查该记录及其缓存键。</translation>
    </message>
    <message>
        <source>The cache of %1/%2 was updated, but its audit entry failed: %3</source>
        <translation>%1/%2 的缓存已更新，但其审计条目写入失败：%3</translation>
    </message>
    <message>
        <source>The go-middleware layout keeps no request, only its hash (request_hash, shown as the fingerprint).</source>
        <translation>go-middleware 布局不保存请求，只保存它的哈希（request_hash，显示为指纹）。</translation>
    </message>
    <message>
        <source>The java-handler layout keeps the request body only, in its table&apos;s request_body column, as the service wrote it: no method, path or headers, and nothing masked by idem-console. Its Redis cache keeps a status only.</source>
        <translation>java-handler 布局只保存请求体，存放在其表的 request_body 列中，内容与服务写入的一致：没有方法、路径和请求头，idem-console 也未做任何遮蔽。它的 Redis 缓存只保存状态。</translation>
    </message>
</context>
<context>
    <name>GoJson</name>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>not a JSON value</source>
        <translation>不是 JSON 值</translation>
    </message>
    <message>
        <source>%1 is %2, expected %3</source>
        <translation>%1 是%2，应为%3</translation>
    </message>
    <message>
        <source>%1 is not an RFC 3339 time: &quot;%2&quot;</source>
        <translation>%1 不是 RFC 3339 时间：“%2”</translation>
    </message>
    <message>
        <source>status_code is %1, expected an integer HTTP status</source>
        <translation>status_code 为 %1，应为整数 HTTP 状态码</translation>
    </message>
    <message>
        <source>an object of strings</source>
        <translation>字符串对象</translation>
    </message>
    <message>
        <source>headers[&quot;%1&quot;] is %2, expected a string</source>
        <translation>headers[&quot;%1&quot;] 是%2，应为字符串</translation>
    </message>
    <message>
        <source>body is not valid base64</source>
        <translation>body 不是有效的 base64</translation>
    </message>
    <message>
        <source>a base64 string</source>
        <translation>base64 字符串</translation>
    </message>
    <message>
        <source>body holds %1, expected bytes 0 to 255</source>
        <translation>body 含有 %1，应为 0 到 255 的字节</translation>
    </message>
    <message>
        <source>an RFC 3339 time string</source>
        <translation>RFC 3339 时间字符串</translation>
    </message>
    <message>
        <source>true/false</source>
        <translation>true/false</translation>
    </message>
    <message>
        <source>the value is %1, expected a JSON object</source>
        <translation>该值是%1，应为 JSON 对象</translation>
    </message>
    <message>
        <source>%1 is null</source>
        <translation>%1 为 null</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>缺少 %1</translation>
    </message>
</context>
<context>
    <name>GoRedisStore</name>
    <message>
        <source>holds a Redis %1, expected a string (the middleware&apos;s JSON record)</source>
        <translation>存放的是 Redis %1，应为字符串（中间件的 JSON 记录）</translation>
    </message>
    <message>
        <source>its key field is &quot;%1&quot;, not the key it is stored under</source>
        <translation>其 key 字段为“%1”，与存放它的键不一致</translation>
    </message>
    <message>
        <source>&quot;%1&quot; applies to in-flight records only: the %2 layout keeps no %3 records.</source>
        <translation>“%1”只适用于处理中的记录：%2 布局不保存 %3 记录。</translation>
    </message>
    <message>
        <source>Redis %1 did not run the action on %2: %3</source>
        <translation>Redis %1 未对 %2 执行该操作：%3</translation>
    </message>
</context>
<context>
    <name>Guard</name>
    <message>
        <source>The Idempotency-Key is missing or empty.</source>
        <translation>缺少 Idempotency-Key，或其值为空。</translation>
    </message>
    <message>
        <source>The Idempotency-Key is %1 bytes long; at most %2 are allowed.</source>
        <translation>Idempotency-Key 长度为 %1 字节，最多允许 %2 字节。</translation>
    </message>
    <message>
        <source>The Idempotency-Key contains a control character (code %1) at position %2.</source>
        <translation>Idempotency-Key 在位置 %2 处包含控制字符（编码 %1）。</translation>
    </message>
    <message>
        <source>A scope is 1 to 64 characters (letters, digits, &apos;_&apos;, &apos;-&apos;, &apos;.&apos;), not &apos;%1&apos;.</source>
        <translation>作用域 &apos;%1&apos; 无效：须为 1～64 个字符，仅限字母、数字、&apos;_&apos;、&apos;-&apos;、&apos;.&apos;。</translation>
    </message>
    <message>
        <source>The cached response of %1/%2 has headers that are not a JSON list of pairs; nothing was run.</source>
        <translation>%1/%2 的缓存响应中，响应头不是 JSON 键值对列表；未执行任何操作。</translation>
    </message>
    <message>
        <source>A previous attempt of this request is stuck in flight (attempt %1 by %2); an operator must time it out.</source>
        <translation>该请求的上一次尝试卡在处理中（第 %1 次尝试，持有者 %2），需由操作员将其标记为超时。</translation>
    </message>
    <message>
        <source>A previous attempt of this request is still being processed.</source>
        <translation>该请求的上一次尝试仍在处理中。</translation>
    </message>
    <message>
        <source>The Idempotency-Key %1 was already used with a different request.</source>
        <translation>Idempotency-Key %1 已被另一个内容不同的请求使用。</translation>
    </message>
    <message>
        <source>The response was sent but the record could not be finalised: %1</source>
        <translation>响应已发送，但记录未能最终写入：%1</translation>
    </message>
    <message>
        <source>The record changed while the request ran (%1): a late finish; the record was left as it is.</source>
        <translation>请求执行期间记录已被改动（%1）：属于迟到完成，记录保持原样。</translation>
    </message>
</context>
<context>
    <name>InFlightRecordModel</name>
    <message>
        <source>Stuck: in flight longer than the %1 timeout of scope %2</source>
        <translation>卡住：处理时长已超过作用域 %2 的超时时间（%1）</translation>
    </message>
</context>
<context>
    <name>InFlightView</name>
    <message>
        <source>Scope:</source>
        <translation>作用域：</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Older than:</source>
        <translation>时长超过：</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>any age</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>key prefix</source>
        <translation>键前缀</translation>
    </message>
    <message>
        <source>business no. prefix</source>
        <translation>业务单号前缀</translation>
    </message>
    <message>
        <source>owner (host:pid)</source>
        <translation>持有者（host:pid）</translation>
    </message>
    <message>
        <source>Stuck only</source>
        <translation>仅显示卡住的记录</translation>
    </message>
    <message>
        <source>In flight for longer than the 10-minute timeout</source>
        <translation>处理时长已超过 10 分钟的超时时间</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Could not load: %1</source>
        <translation>加载失败：%1</translation>
    </message>
    <message>
        <source>Loading …</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>%1 matching in-flight record(s); %2 loaded</source>
        <translation>共 %1 条匹配的处理中记录，已加载 %2 条</translation>
    </message>
    <message>
        <source>Mark timed out…</source>
        <translation>标记为超时…</translation>
    </message>
    <message>
        <source>Mark stuck records of this scope timed out, after a preview</source>
        <translation>预览后，将此作用域中卡住的记录标记为超时</translation>
    </message>
    <message>
        <source>The store is open read-only</source>
        <translation>存储以只读方式打开</translation>
    </message>
    <message>
        <source>Cancel scan</source>
        <translation>取消扫描</translation>
    </message>
    <message>
        <source>Stop the scan after its current round trip and list what it found so far</source>
        <translation>在当前往返结束后停止扫描，并列出目前已找到的记录</translation>
    </message>
    <message>
        <source>SCAN COUNT:</source>
        <translation>SCAN COUNT：</translation>
    </message>
    <message>
        <source>Keys the Redis server looks at per round trip in the next scan: higher is faster, but each round trip holds the server longer</source>
        <translation>下次扫描中 Redis 服务器每次往返检查的键数：越大越快，但每次往返占用服务器的时间越长</translation>
    </message>
    <message>
        <source>Scanned %1 keys, found %2 in flight</source>
        <translation>已扫描 %1 个键，找到 %2 条处理中记录</translation>
    </message>
    <message>
        <source> — cancelling …</source>
        <translation> — 正在取消…</translation>
    </message>
    <message>
        <source>Cancelled after scanning %1 keys: the list is partial</source>
        <translation>扫描 %1 个键后已取消：列表不完整</translation>
    </message>
    <message>
        <source>Waiting for the scan to start …</source>
        <translation>等待扫描开始…</translation>
    </message>
    <message>
        <source>At least %1 matching in-flight record(s) (the count&apos;s scan was cancelled); %2 loaded</source>
        <translation>至少 %1 条匹配的处理中记录（计数扫描已取消）；已加载 %2 条</translation>
    </message>
    <message>
        <source>Read the listed records again, keeping the selection (F5)</source>
        <translation>重新读取列出的记录，保留选择（F5）</translation>
    </message>
    <message>
        <source>Off: this store lists by SCAN, so each refresh scans every key. Reload or F5 refreshes.</source>
        <translation>已关闭：此存储通过 SCAN 列出记录，每次刷新都会扫描所有键。请用「重新加载」或 F5 刷新。</translation>
    </message>
    <message>
        <source>At least %1 matching in-flight record(s); %1 loaded</source>
        <translation>至少 %1 条匹配的处理中记录；已加载 %1 条</translation>
    </message>
    <message>
        <source>Node %1/%2 (%3): scanned %4 keys, found %5 in flight</source>
        <translation>节点 %1/%2（%3）：已扫描 %4 个键，发现 %5 个进行中</translation>
    </message>
    <message>
        <source>Scanned %1 keys on %2 nodes, found %3 in flight</source>
        <translation>已在 %2 个节点上扫描 %1 个键，发现 %3 个进行中</translation>
    </message>
</context>
<context>
    <name>JavaRedisStore</name>
    <message>
        <source>holds a Redis %1, expected a string (%2 or %3)</source>
        <translation>存放的是 Redis %1，应为字符串（%2 或 %3）</translation>
    </message>
    <message>
        <source>holds &quot;%1&quot;, expected %2 or %3</source>
        <translation>存放的是“%1”，应为 %2 或 %3</translation>
    </message>
    <message>
        <source>&quot;%1&quot; on the Redis cache alone (the java-handler record lives in MySQL: open the MySQL store with layout=java-handler&amp;cache=redis://… to act on it)</source>
        <translation>仅在 Redis 缓存上执行“%1”（java-handler 的记录保存在 MySQL 中：请用 layout=java-handler&amp;cache=redis://… 打开 MySQL 存储后再操作）</translation>
    </message>
</context>
<context>
    <name>JobProgressWidget</name>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>%1 %2 / %3</source>
        <translation>%1 %2 / %3</translation>
    </message>
</context>
<context>
    <name>KeptRequest</name>
    <message>
        <source>The request kept with this record cannot be read: %1.</source>
        <translation>此记录保存的请求无法读取：%1。</translation>
    </message>
    <message>
        <source>not JSON (%1 at offset %2)</source>
        <translation>不是 JSON（%1，位于偏移量 %2）</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>the method or path is not a string</source>
        <translation>方法或路径不是字符串</translation>
    </message>
    <message>
        <source>a header is not a pair of strings</source>
        <translation>某个请求头不是一对字符串</translation>
    </message>
    <message>
        <source>the body is not a string</source>
        <translation>请求体不是字符串</translation>
    </message>
    <message>
        <source>the binary body is not base64</source>
        <translation>二进制请求体不是 base64</translation>
    </message>
    <message>
        <source>(not kept)</source>
        <translation>（未保存）</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s), not UTF-8 text:</source>
        <translation>
            <numerusform>%n 字节，不是 UTF-8 文本：</numerusform>
        </translation>
    </message>
    <message>
        <source>Cut to the %1 KiB kept per record: %2 of the body&apos;s %3 bytes are kept.</source>
        <translation>已截断为每条记录保存的 %1 KiB：请求体共 %3 字节，保存了 %2 字节。</translation>
    </message>
    <message>
        <source>The body (%1 bytes) was not kept: it names a masked field (%2) but is neither JSON nor a form, so it could not be masked safely.</source>
        <translation>请求体（%1 字节）未保存：其中出现了需遮蔽的字段（%2），但它既不是 JSON 也不是表单，无法安全地遮蔽。</translation>
    </message>
    <message>
        <source>Masked before it was stored: %1.</source>
        <translation>保存前已遮蔽：%1。</translation>
    </message>
</context>
<context>
    <name>KeptRequestView</name>
    <message>
        <source>Select a record to see the request it kept.</source>
        <translation>选择一条记录以查看它保存的请求。</translation>
    </message>
    <message>
        <source>No request was kept with this record.</source>
        <translation>此记录未保存请求。</translation>
    </message>
    <message>
        <source>The request body only (the layout keeps no method, path or headers)</source>
        <translation>仅有请求体（该布局不保存方法、路径和请求头）</translation>
    </message>
    <message>
        <source>(no headers kept)</source>
        <translation>（未保存请求头）</translation>
    </message>
</context>
<context>
    <name>Layout</name>
    <message>
        <source>Layout %1: &quot;%2&quot; has the wrong type; see README &quot;Layouts&quot; for the format.</source>
        <translation>布局 %1：“%2”的类型不对；格式见 README 的“Layouts”一节。</translation>
    </message>
    <message>
        <source>Layout %1: unknown field &quot;%2&quot; in %3 (known: %4).</source>
        <translation>布局 %1：%3 中有未知字段“%2”（已知字段：%4）。</translation>
    </message>
    <message>
        <source>Layout %1: the state value for %2 must be 1 to 64 characters.</source>
        <translation>布局 %1：%2 的状态值必须为 1 到 64 个字符。</translation>
    </message>
    <message>
        <source>The %1 &apos;%2&apos; is not accepted: use letters, digits and &apos;_&apos; only, not starting with a digit, at most 63 characters.</source>
        <translation>不接受%1“%2”：只能使用字母、数字和“_”，不能以数字开头，最多 63 个字符。</translation>
    </message>
    <message>
        <source>Unknown layout &apos;%1&apos;: use native, go-middleware, java-handler or the path of a layout JSON file.</source>
        <translation>未知布局“%1”：请使用 native、go-middleware、java-handler 或布局 JSON 文件的路径。</translation>
    </message>
    <message>
        <source>Layout %1 is not a JSON object: %2 at offset %3.</source>
        <translation>布局 %1 不是 JSON 对象：偏移 %3 处%2。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;name&quot; must be 1 to 64 characters.</source>
        <translation>布局 %1：“name”必须为 1 到 64 个字符。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;scope&quot; must be 1 to 64 characters without &apos;{&apos; or &apos;}&apos;.</source>
        <translation>布局 %1：“scope”必须为 1 到 64 个字符，且不含“{”或“}”。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;redis.key_prefix&quot; must be 1 to 200 characters.</source>
        <translation>布局 %1：“redis.key_prefix”必须为 1 到 200 个字符。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;redis.scan_count&quot; must be between 10 and 100000.</source>
        <translation>布局 %1：“redis.scan_count”必须在 10 到 100000 之间。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;redis.%2&quot; must be between 1 and 31622400.</source>
        <translation>布局 %1：“redis.%2”必须在 1 到 31622400 之间。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;states&quot; applies to a java-handler layout only (go-middleware keeps a boolean in_flight).</source>
        <translation>布局 %1：“states”只适用于 java-handler 布局（go-middleware 使用布尔字段 in_flight）。</translation>
    </message>
    <message>
        <source>Layout %1: the processing, success, timeout and failed state values must differ.</source>
        <translation>布局 %1：处理中、成功、超时和失败的状态值必须各不相同。</translation>
    </message>
    <message>
        <source>table name in layout %1</source>
        <translation>布局 %1 中的表名</translation>
    </message>
    <message>
        <source>column for %1 in layout %2</source>
        <translation>布局 %2 中 %1 对应的列</translation>
    </message>
    <message>
        <source>Layout %1: two roles map to the same column.</source>
        <translation>布局 %1：两个角色映射到了同一列。</translation>
    </message>
    <message>
        <source>Cannot read the layout file %1: %2</source>
        <translation>无法读取布局文件 %1：%2</translation>
    </message>
    <message>
        <source>The layout file %1 is larger than 1 MiB: it is not a layout.</source>
        <translation>布局文件 %1 大于 1 MiB：这不是布局文件。</translation>
    </message>
    <message>
        <source>The time zone &apos;%1&apos; (%2) is not usable: give an offset such as +08:00, UTC, or a zone name such as Asia/Shanghai.</source>
        <translation>时区“%1”（%2）不可用：请给出 +08:00 这样的偏移量、UTC，或 Asia/Shanghai 这样的时区名称。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;sql.time_zone&quot; must be a string such as &quot;+08:00&quot; or &quot;Asia/Shanghai&quot;.</source>
        <translation>布局 %1：&quot;sql.time_zone&quot; 必须是字符串，例如 &quot;+08:00&quot; 或 &quot;Asia/Shanghai&quot;。</translation>
    </message>
    <message>
        <source>&quot;sql.time_zone&quot; in layout %1</source>
        <translation>布局 %1 中的 &quot;sql.time_zone&quot;</translation>
    </message>
    <message>
        <source>time_zone applies to a foreign SQL layout (its zone-less timestamp columns); native stores keep times as epoch milliseconds.</source>
        <translation>time_zone 仅适用于外部 SQL 布局（其不带时区的时间戳列）；原生存储以纪元毫秒保存时间。</translation>
    </message>
    <message>
        <source>Layout %1 holds a JSON %2, not an object: a layout is {&quot;base&quot;: …, …} (README &quot;Layouts&quot;).</source>
        <translation>布局 %1 中是一个 JSON %2，而不是对象：布局应为 {&quot;base&quot;: …, …}（见 README“Layouts”）。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;name&quot; must be a string of 1 to 64 characters.</source>
        <translation>布局 %1：&quot;name&quot; 必须是 1 到 64 个字符的字符串。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;retention_seconds&quot; must be a whole number between 1 and 31622400.</source>
        <translation>布局 %1：&quot;retention_seconds&quot; 必须是 1 到 31622400 之间的整数。</translation>
    </message>
    <message>
        <source>Layout %1 gives &quot;%2&quot; twice: give each field once.</source>
        <translation>布局 %1 中 &quot;%2&quot; 出现了两次：每个字段只能写一次。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;base&quot;: &quot;native&quot; is for a file with a &quot;metrics&quot; section only; without one, use the layout native.</source>
        <translation>布局 %1：&quot;base&quot;: &quot;native&quot; 只用于带 &quot;metrics&quot; 部分的文件；没有该部分时请使用 native 布局。</translation>
    </message>
    <message>
        <source>Layout %1 needs &quot;base&quot;: &quot;go-middleware&quot; or &quot;java-handler&quot; (the service whose protocol the store follows), or &quot;native&quot; with a &quot;metrics&quot; section.</source>
        <translation>布局 %1 需要 &quot;base&quot;: &quot;go-middleware&quot; 或 &quot;java-handler&quot;（存储所遵循协议的服务），或带 &quot;metrics&quot; 部分的 &quot;native&quot;。</translation>
    </message>
</context>
<context>
    <name>LuaScript</name>
    <message>
        <source>The Lua script %1 is missing from this build.</source>
        <translation>当前构建中缺少 Lua 脚本 %1。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>idem-console — %1</source>
        <translation>idem-console — %1</translation>
    </message>
    <message>
        <source>Connecting to %1 …</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>idem-console</source>
        <translation>idem-console</translation>
    </message>
    <message>
        <source>No store is open. Choose Store ▸ Connect… to open one.</source>
        <translation>未打开任何存储。请选择“存储 ▸ 连接…”打开存储。</translation>
    </message>
    <message>
        <source>&amp;Store</source>
        <translation>存储(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>连接(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Looking up the password of %1 …</source>
        <translation>正在获取 %1 的密码…</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>仪表盘</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>● Connected to %1 · last round trip %2 ms</source>
        <translation>● 已连接 %1 · 最近一次往返 %2 ms</translation>
    </message>
    <message>
        <source>○ Disconnected from %1: %2 — retrying</source>
        <translation>○ 与 %1 的连接已断开：%2 — 正在重试</translation>
    </message>
    <message>
        <source>Read-only: this store is open for viewing only. The store refuses every operator action (mark timed out, reconcile); reopen it without read-only mode to act.</source>
        <translation>只读：此存储仅供查看。存储会拒绝所有操作员操作（标记为超时、对账）；如需操作，请以非只读模式重新打开。</translation>
    </message>
    <message>
        <source>&amp;Actions</source>
        <translation>操作(&amp;A)</translation>
    </message>
    <message>
        <source>Mark stuck records &amp;timed out…</source>
        <translation>将卡住的记录标记为超时(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Reconcile with the order table…</source>
        <translation>与订单表对账(&amp;R)…</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>审计</translation>
    </message>
    <message>
        <source>The store is open read-only</source>
        <translation>存储以只读方式打开</translation>
    </message>
    <message>
        <source>No store is open</source>
        <translation>未打开任何存储</translation>
    </message>
    <message>
        <source>&amp;Find in-flight records</source>
        <translation>查找处理中记录(&amp;F)</translation>
    </message>
    <message>
        <source>A&amp;lerts</source>
        <translation>告警(&amp;L)</translation>
    </message>
    <message>
        <source>Alert &amp;rules…</source>
        <translation>告警规则(&amp;R)…</translation>
    </message>
    <message>
        <source>Alert: %1</source>
        <translation>告警：%1</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Proposals</source>
        <translation>提案</translation>
    </message>
    <message>
        <source>The server grants every right an action and an approval need.</source>
        <translation>服务器授予操作和审批所需的全部权限。</translation>
    </message>
    <message>
        <source>The server does not grant: %1</source>
        <translation>服务器未授予：%1</translation>
    </message>
    <message>
        <source>The server does not let %1 act (missing: %2)</source>
        <translation>服务器不允许 %1 执行操作（缺少：%2）</translation>
    </message>
</context>
<context>
    <name>MappingProfiles</name>
    <message>
        <source>A profile needs a name.</source>
        <translation>配置方案需要名称。</translation>
    </message>
    <message>
        <source>A profile name cannot contain / or \.</source>
        <translation>配置方案名称不能包含 / 或 \。</translation>
    </message>
    <message>
        <source>Cannot write the settings file %1.</source>
        <translation>无法写入设置文件 %1。</translation>
    </message>
</context>
<context>
    <name>MetricsMapping</name>
    <message>
        <source>Layout %1: &quot;metrics&quot; names no built-in mapping: use &quot;%2&quot; or an object with &quot;scope_label&quot; and &quot;counters&quot; (README &quot;Counters in Prometheus&quot;).</source>
        <translation>布局 %1：&quot;metrics&quot; 未指明内置映射：请使用 &quot;%2&quot;，或一个含 &quot;scope_label&quot; 和 &quot;counters&quot; 的对象（见 README 的“Counters in Prometheus”）。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;metrics&quot; must be a built-in mapping&apos;s name or an object (README &quot;Counters in Prometheus&quot;).</source>
        <translation>布局 %1：&quot;metrics&quot; 必须是内置映射的名称或一个对象（见 README 的“Counters in Prometheus”）。</translation>
    </message>
    <message>
        <source>Layout %1: unknown field &quot;%2&quot; in &quot;metrics&quot; (known: scope_label, counters).</source>
        <translation>布局 %1：&quot;metrics&quot; 中有未知字段 &quot;%2&quot;（已知：scope_label、counters）。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;metrics.scope_label&quot; must be a Prometheus label name (letters, digits and &apos;_&apos;, not starting with a digit), the label whose value names the scope.</source>
        <translation>布局 %1：&quot;metrics.scope_label&quot; 必须是 Prometheus 标签名（字母、数字和 &apos;_&apos;，不以数字开头），即其值为作用域名称的标签。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;metrics.counters&quot; must be an object of counter name → PromQL expression.</source>
        <translation>布局 %1：&quot;metrics.counters&quot; 必须是“计数名 → PromQL 表达式”的对象。</translation>
    </message>
    <message>
        <source>Layout %1: unknown counter &quot;%2&quot; in &quot;metrics.counters&quot; (known: %3).</source>
        <translation>布局 %1：&quot;metrics.counters&quot; 中有未知计数 &quot;%2&quot;（已知：%3）。</translation>
    </message>
    <message>
        <source>Layout %1: the expression for %2 must be PromQL text of 1 to 4000 characters.</source>
        <translation>布局 %1：%2 的表达式必须是 1 到 4000 个字符的 PromQL 文本。</translation>
    </message>
    <message>
        <source>Layout %1: the expression for %2 has no {scope} placeholder: write the scope&apos;s label matcher as %3=~&quot;{scope}&quot;, so one scope can be asked for.</source>
        <translation>布局 %1：%2 的表达式缺少 {scope} 占位符：请把作用域的标签匹配写成 %3=~&quot;{scope}&quot;，以便按单个作用域查询。</translation>
    </message>
    <message>
        <source>Layout %1: &quot;metrics.counters&quot; needs an expression for %2: the hit rate is replayed ÷ (replayed + executed).</source>
        <translation>布局 %1：&quot;metrics.counters&quot; 需要 %2 的表达式：命中率 = 重放 ÷（重放 + 执行）。</translation>
    </message>
</context>
<context>
    <name>OpenStore</name>
    <message>
        <source>The %1 layout is defined for %2 (as its service writes it), not for %3.</source>
        <translation>%1 布局适用于 %2（与其服务的写入方式一致），不适用于 %3。</translation>
    </message>
</context>
<context>
    <name>OperatorBatch</name>
    <message>
        <source>An operator name is required: who is taking this action?</source>
        <translation>必须填写操作员名称：由谁执行此操作？</translation>
    </message>
    <message>
        <source>The operator name must be at most 100 characters, without control characters.</source>
        <translation>操作员名称最多 100 个字符，且不能包含控制字符。</translation>
    </message>
    <message>
        <source>A reason is required: it is written to the audit log with every record changed.</source>
        <translation>必须填写原因：它将随每条被更改的记录写入审计日志。</translation>
    </message>
    <message>
        <source>The reason must be at most 2000 characters.</source>
        <translation>原因最多 2000 个字符。</translation>
    </message>
    <message>
        <source>The host name must be at most 255 characters.</source>
        <translation>主机名最多 255 个字符。</translation>
    </message>
    <message>
        <source>The age threshold must be positive: an operator action never touches attempts that just started.</source>
        <translation>时长阈值必须为正数：运维操作从不触及刚开始的尝试。</translation>
    </message>
    <message>
        <source>An age of %1 days reaches before 1970: no record can be that old, and a cutoff before the epoch would not filter anything. Give a shorter age.</source>
        <translation>%1 天的时长早于 1970 年：没有记录会这么旧，而早于纪元的截止时间将不起任何过滤作用。请给出更短的时长。</translation>
    </message>
    <message>
        <source>The reason may not contain control characters (only line breaks and tabs): write it as plain text.</source>
        <translation>原因中不能包含控制字符（只允许换行和制表符）：请用纯文本填写。</translation>
    </message>
    <message>
        <source>blocked with its scope: %1</source>
        <translation>随其作用域一起被阻止：%1</translation>
    </message>
    <message>
        <source>not attempted: the store stopped answering (%1)</source>
        <translation>未尝试：存储不再响应（%1）</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n record(s))</source>
        <translation>
            <numerusform>%1（%n 条记录）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OperatorIdentityPage</name>
    <message>
        <source>Who applies this, and why</source>
        <translation>执行人与原因</translation>
    </message>
    <message>
        <source>Every changed record gets an audit entry with your name, this machine and the reason.</source>
        <translation>每条被更改的记录都会生成一条审计条目，包含您的名称、本机和原因。</translation>
    </message>
    <message>
        <source>e.g. payment gateway outage 03:50–04:10, ticket OPS-1234</source>
        <translation>例如：支付网关故障 03:50–04:10，工单 OPS-1234</translation>
    </message>
    <message>
        <source>This store is open read-only: the store will refuse the change and nothing will be applied.</source>
        <translation>此存储以只读方式打开：存储将拒绝此更改，不会执行任何操作。</translation>
    </message>
    <message>
        <source>Operator:</source>
        <translation>操作员：</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>原因：</translation>
    </message>
</context>
<context>
    <name>OrderLookup</name>
    <message>
        <source>%1 in the orders database %2 failed: %3</source>
        <translation>订单数据库 %2 中的操作失败（%1）：%3</translation>
    </message>
    <message>
        <source>The orders database %1 does not exist.</source>
        <translation>订单数据库 %1 不存在。</translation>
    </message>
    <message>
        <source>Cannot connect to the orders database %1: %2</source>
        <translation>无法连接到订单数据库 %1：%2</translation>
    </message>
    <message>
        <source>Making the session read-only</source>
        <translation>将会话设为只读</translation>
    </message>
    <message>
        <source>Reading the columns of %1</source>
        <translation>读取 %1 的列</translation>
    </message>
    <message>
        <source>Cannot read the columns of table %1 in %2.</source>
        <translation>无法读取 %2 中表 %1 的列。</translation>
    </message>
    <message>
        <source>The key column %1 is not in table %2 (columns: %3).</source>
        <translation>键列 %1 不在表 %2 中（列：%3）。</translation>
    </message>
    <message>
        <source>The status column %1 is not in table %2 (columns: %3).</source>
        <translation>状态列 %1 不在表 %2 中（列：%3）。</translation>
    </message>
    <message>
        <source>There is no table %1 in the orders database %2.</source>
        <translation>订单数据库 %2 中没有表 %1。</translation>
    </message>
    <message>
        <source>Looking up table %1</source>
        <translation>查找表 %1</translation>
    </message>
    <message>
        <source>The order lookup was used before it was opened.</source>
        <translation>订单查询在打开之前被使用。</translation>
    </message>
    <message>
        <source>Preparing the order lookup</source>
        <translation>准备订单查询</translation>
    </message>
    <message>
        <source>Looking up orders in %1</source>
        <translation>在 %1 中查询订单</translation>
    </message>
    <message>
        <source>Looking up order %1 in %2</source>
        <translation>在 %2 中查询订单 %1</translation>
    </message>
</context>
<context>
    <name>OrderMapping</name>
    <message>
        <source>The profile name must be at most 100 characters, without control characters.</source>
        <translation>配置方案名称最多 100 个字符，且不能包含控制字符。</translation>
    </message>
    <message>
        <source>The orders database URL is empty: give sqlite:///…, postgresql://… or mysql://….</source>
        <translation>订单数据库 URL 为空：请填写 sqlite:///…、postgresql://… 或 mysql://…。</translation>
    </message>
    <message>
        <source>The orders database URL is not valid: %1</source>
        <translation>订单数据库 URL 无效：%1</translation>
    </message>
    <message>
        <source>The orders database must be SQLite, PostgreSQL or MySQL, not Redis.</source>
        <translation>订单数据库必须是 SQLite、PostgreSQL 或 MySQL，不能是 Redis。</translation>
    </message>
    <message>
        <source>table name</source>
        <translation>表名</translation>
    </message>
    <message>
        <source>key column</source>
        <translation>键列</translation>
    </message>
    <message>
        <source>status column</source>
        <translation>状态列</translation>
    </message>
    <message>
        <source>Say which status values mean the order is done (e.g. PAID).</source>
        <translation>请指定哪些状态值表示订单已完成（例如 PAID）。</translation>
    </message>
    <message>
        <source>done values</source>
        <translation>已完成状态值</translation>
    </message>
    <message>
        <source>pending values</source>
        <translation>待处理状态值</translation>
    </message>
    <message>
        <source>failed values</source>
        <translation>失败状态值</translation>
    </message>
    <message>
        <source>The status value &apos;%1&apos; is in more than one list (done, pending, failed): it must mean one thing.</source>
        <translation>状态值“%1”出现在多个列表中（已完成、待处理、失败）：每个状态值只能有一种含义。</translation>
    </message>
    <message>
        <source>The response status must be from 200 to 499 (5xx is never cached).</source>
        <translation>响应状态码必须在 200 到 499 之间（5xx 永不缓存）。</translation>
    </message>
    <message>
        <source>The response content type must be one line, e.g. application/json.</source>
        <translation>响应内容类型必须为单行，例如 application/json。</translation>
    </message>
    <message>
        <source>The response template must be at most 64 KiB.</source>
        <translation>响应模板最多 64 KiB。</translation>
    </message>
    <message>
        <source>The response template uses {{%1}}: use {{key}}, {{biz_no}}, {{scope}}, {{status}} or {{order.COLUMN}}.</source>
        <translation>响应模板使用了 {{%1}}：请使用 {{key}}、{{biz_no}}、{{scope}}、{{status}} 或 {{order.COLUMN}}。</translation>
    </message>
    <message>
        <source>The saved profile&apos;s field %1 has the wrong type.</source>
        <translation>已保存配置方案的字段 %1 类型错误。</translation>
    </message>
    <message>
        <source>The %1 is empty.</source>
        <translation>%1 为空。</translation>
    </message>
    <message>
        <source>The %1 &apos;%2&apos; is not a plain name: use letters, digits and _ (at most 63, not starting with a digit), optionally as schema.table. Quotes, spaces and semicolons are refused.</source>
        <translation>%1“%2”不是普通名称：请使用字母、数字和 _（最多 63 个字符，不能以数字开头），可写成 schema.table 形式。不接受引号、空格和分号。</translation>
    </message>
    <message>
        <source>The %1 &apos;%2&apos; is not a plain name: use letters, digits and _ (at most 63, not starting with a digit). Quotes, spaces and semicolons are refused.</source>
        <translation>%1“%2”不是普通名称：请使用字母、数字和 _（最多 63 个字符，不能以数字开头）。不接受引号、空格和分号。</translation>
    </message>
    <message>
        <source>The %1 contain an empty value.</source>
        <translation>%1 中包含空值。</translation>
    </message>
    <message>
        <source>The %1 value &apos;%2&apos; is too long or has control characters.</source>
        <translation>%1 的值“%2”过长或包含控制字符。</translation>
    </message>
</context>
<context>
    <name>OrderMappingPage</name>
    <message>
        <source>Order table</source>
        <translation>订单表</translation>
    </message>
    <message>
        <source>Where the business orders are and which status values mean done, pending or failed.</source>
        <translation>业务订单所在位置，以及哪些状态值表示已完成、待处理或失败。</translation>
    </message>
    <message>
        <source>profile name, e.g. shop orders (primary)</source>
        <translation>配置方案名称，例如 商城订单（主库）</translation>
    </message>
    <message>
        <source>sqlite:///path/shop.db, postgresql://user@host/db, mysql://user@host/db</source>
        <translation>sqlite:///path/shop.db, postgresql://user@host/db, mysql://user@host/db</translation>
    </message>
    <message>
        <source>kept in memory only; or set IDEM_PG_PASSWORD / IDEM_MYSQL_PASSWORD</source>
        <translation>仅保存在内存中；或设置 IDEM_PG_PASSWORD / IDEM_MYSQL_PASSWORD</translation>
    </message>
    <message>
        <source>orders or schema.orders</source>
        <translation>orders 或 schema.orders</translation>
    </message>
    <message>
        <source>order_no</source>
        <translation>order_no</translation>
    </message>
    <message>
        <source>status</source>
        <translation>status</translation>
    </message>
    <message>
        <source>the record&apos;s business no. (biz_no)</source>
        <translation>记录的业务单号（biz_no）</translation>
    </message>
    <message>
        <source>the record&apos;s key</source>
        <translation>记录的键</translation>
    </message>
    <message>
        <source>comma separated, e.g. PAID, SHIPPED</source>
        <translation>以逗号分隔，例如 PAID, SHIPPED</translation>
    </message>
    <message>
        <source>e.g. PENDING</source>
        <translation>例如 PENDING</translation>
    </message>
    <message>
        <source>e.g. FAILED, CANCELLED</source>
        <translation>例如 FAILED, CANCELLED</translation>
    </message>
    <message>
        <source>May use {{key}}, {{biz_no}}, {{scope}}, {{status}} and {{order.&lt;column&gt;}}</source>
        <translation>可使用 {{key}}、{{biz_no}}、{{scope}}、{{status}} 和 {{order.&lt;column&gt;}}</translation>
    </message>
    <message>
        <source>Save profile</source>
        <translation>保存配置方案</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Content type:</source>
        <translation>内容类型：</translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation>配置方案：</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Orders database:</source>
        <translation>订单数据库：</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>表：</translation>
    </message>
    <message>
        <source>Key column:</source>
        <translation>键列：</translation>
    </message>
    <message>
        <source>Status column:</source>
        <translation>状态列：</translation>
    </message>
    <message>
        <source>Match it with:</source>
        <translation>匹配依据：</translation>
    </message>
    <message>
        <source>Done values:</source>
        <translation>已完成状态值：</translation>
    </message>
    <message>
        <source>Pending values:</source>
        <translation>待处理状态值：</translation>
    </message>
    <message>
        <source>Failed values:</source>
        <translation>失败状态值：</translation>
    </message>
    <message>
        <source>Response status:</source>
        <translation>响应状态码：</translation>
    </message>
    <message>
        <source>Response body:</source>
        <translation>响应正文：</translation>
    </message>
    <message>
        <source>(new profile)</source>
        <translation>（新配置方案）</translation>
    </message>
    <message>
        <source>Give the profile a name to save it.</source>
        <translation>请为配置方案命名后再保存。</translation>
    </message>
    <message>
        <source>Saved as profile &quot;%1&quot; (without password).</source>
        <translation>已保存为配置方案“%1”（不含密码）。</translation>
    </message>
    <message>
        <source>Delete profile</source>
        <translation>删除配置方案</translation>
    </message>
    <message>
        <source>Delete the profile &quot;%1&quot;?</source>
        <translation>确定删除配置方案“%1”吗？</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; deleted.</source>
        <translation>配置方案“%1”已删除。</translation>
    </message>
    <message>
        <source>Enter the URL of the orders database.</source>
        <translation>请输入订单数据库的 URL。</translation>
    </message>
</context>
<context>
    <name>OrderTable</name>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1失败：%2</translation>
    </message>
    <message>
        <source>Creating the orders table</source>
        <translation>创建订单表</translation>
    </message>
    <message>
        <source>Writing order %1</source>
        <translation>写入订单 %1</translation>
    </message>
    <message>
        <source>Counting orders</source>
        <translation>统计订单数</translation>
    </message>
</context>
<context>
    <name>PasswordVault</name>
    <message>
        <source>type the password each time instead</source>
        <translation>改为每次手动输入密码</translation>
    </message>
    <message>
        <source>set %1 instead</source>
        <translation>改为设置 %1</translation>
    </message>
    <message>
        <source>The system keychain has no password for this store.</source>
        <translation>系统钥匙串中没有此存储的密码。</translation>
    </message>
    <message>
        <source>The system keychain has no password for %1: type it and tick &quot;remember&quot;, or %2.</source>
        <translation>系统钥匙串中没有 %1 的密码：请输入密码并勾选“记住密码”，或%2。</translation>
    </message>
    <message>
        <source>the keychain did not answer within %1 s</source>
        <translation>系统钥匙串在 %1 秒内未响应</translation>
    </message>
    <message>
        <source>No environment variable is named for this store&apos;s password.</source>
        <translation>未指定存放此存储密码的环境变量。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid environment variable name.</source>
        <translation>&apos;%1&apos; 不是有效的环境变量名。</translation>
    </message>
    <message>
        <source>The environment variable %1 is not set; set it to the store&apos;s password before starting idem-console.</source>
        <translation>环境变量 %1 未设置；请在启动 idem-console 前将其设为该存储的密码。</translation>
    </message>
    <message>
        <source>error %1</source>
        <translation>错误 %1</translation>
    </message>
    <message>
        <source>access to the system keychain was denied: %1; %2</source>
        <translation>系统钥匙串拒绝访问：%1；可%2</translation>
    </message>
    <message>
        <source>no system keychain available: %1; %2</source>
        <translation>没有可用的系统钥匙串：%1；可%2</translation>
    </message>
</context>
<context>
    <name>PdfTable</name>
    <message>
        <source>▼ continues on the next page</source>
        <translation>▼ 续下页</translation>
    </message>
    <message>
        <source>▲ continued from the previous page</source>
        <translation>▲ 接上页</translation>
    </message>
</context>
<context>
    <name>PrometheusClient</name>
    <message>
        <source>Prometheus at %1 answered a range query with a %2, not a matrix: the expression must give an instant vector (series), not a scalar or a string.</source>
        <translation>位于 %1 的 Prometheus 对范围查询返回了 %2 而非矩阵：表达式必须给出瞬时向量（序列），而不是标量或字符串。</translation>
    </message>
    <message>
        <source>Prometheus at %1 did not answer within %2 ms (timeout).</source>
        <translation>位于 %1 的 Prometheus 未在 %2 毫秒内应答（超时）。</translation>
    </message>
    <message>
        <source>Prometheus at %1 cannot be reached: %2</source>
        <translation>无法连接位于 %1 的 Prometheus：%2</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 without Prometheus&apos;s JSON: is it a Prometheus server (its address without /api/v1)?</source>
        <translation>%1 返回了 HTTP %2，但不是 Prometheus 的 JSON：它是 Prometheus 服务器吗（地址不含 /api/v1）？</translation>
    </message>
    <message>
        <source>Prometheus at %1 gave up on the query: %2</source>
        <translation>位于 %1 的 Prometheus 放弃了该查询：%2</translation>
    </message>
    <message>
        <source>Prometheus at %1 refused the expression: %2</source>
        <translation>位于 %1 的 Prometheus 拒绝了该表达式：%2</translation>
    </message>
    <message>
        <source>Prometheus at %1 failed (%2): %3</source>
        <translation>位于 %1 的 Prometheus 失败（%2）：%3</translation>
    </message>
</context>
<context>
    <name>PrometheusCounterSource</name>
    <message>
        <source>%1 (the mapping %2&apos;s expression for %3: %4)</source>
        <translation>%1（映射 %2 中 %3 的表达式：%4）</translation>
    </message>
    <message>
        <source>The mapping %1&apos;s expression for %2 gives series without the label %3, which names the scope: keep it (sum by (%3) (…)). Expression: %4</source>
        <translation>映射 %1 中 %2 的表达式给出的序列缺少标签 %3（它标明作用域）：请保留该标签（sum by (%3) (…)）。表达式：%4</translation>
    </message>
    <message>
        <source>Prometheus at %1 has no series for the mapping %2 in this range: is the exporter or the service scraped? (First expression: %3)</source>
        <translation>位于 %1 的 Prometheus 在此时间范围内没有映射 %2 的序列：导出器或服务是否被抓取？（第一个表达式：%3）</translation>
    </message>
    <message>
        <source>Prometheus at %1 has no series of scope %2 for the mapping %3 in this range (first expression: %4).</source>
        <translation>位于 %1 的 Prometheus 在此时间范围内没有作用域 %2 在映射 %3 下的序列（第一个表达式：%4）。</translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s) without data in Prometheus (not drawn, not zero)</source>
        <translation>
            <numerusform>Prometheus 中有 %n 分钟无数据（不绘制，也不当作零）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n scope-minute(s) without data</source>
        <translation>
            <numerusform>%n 个作用域分钟无数据</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n counter reset(s): a service restarted; counted from zero after each</source>
        <translation>
            <numerusform>%n 次计数器重置：某服务重启过；每次重置后从零开始计数</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PrometheusRules</name>
    <message>
        <source>Scope {{ $labels.%1 }}: {{ $value | printf &quot;%.1f&quot; }} (limit %2).</source>
        <translation>作用域 {{ $labels.%1 }}：{{ $value | printf &quot;%.1f&quot; }}（阈值 %2）。</translation>
    </message>
</context>
<context>
    <name>Proposal</name>
    <message>
        <source>The proposal&apos;s record list cannot be read (%1).</source>
        <translation>无法读取提案的记录列表（%1）。</translation>
    </message>
    <message>
        <source>The proposal&apos;s record list holds an entry without a scope, key or known state.</source>
        <translation>提案的记录列表中有一项缺少作用域、键或已知状态。</translation>
    </message>
    <message>
        <source>The proposal&apos;s record %1 holds response headers that cannot be read.</source>
        <translation>提案中的记录 %1 含有无法读取的响应头。</translation>
    </message>
</context>
<context>
    <name>ProposalBook</name>
    <message>
        <source>&apos;%1&apos; is not a proposal id (p-YYYYMMDDTHHMMSS-xxxxxxxx; idemctl proposals lists them).</source>
        <translation>“%1”不是提案编号（p-YYYYMMDDTHHMMSS-xxxxxxxx；idemctl proposals 可列出）。</translation>
    </message>
    <message>
        <source>There is no proposal %1 in %2.</source>
        <translation>%2 中没有提案 %1。</translation>
    </message>
    <message>
        <source>Proposal %1 no longer matches its hash: it was changed after it was proposed. Nothing was done; reject it and propose the action again.</source>
        <translation>提案 %1 与其哈希不再一致：提出后被改动过。未做任何操作；请驳回它并重新提出该操作。</translation>
    </message>
    <message>
        <source>Nothing to propose in scope %1.</source>
        <translation>作用域 %1 中没有可提出的记录。</translation>
    </message>
    <message>
        <source>Rejecting a proposal needs a reason.</source>
        <translation>驳回提案需要填写理由。</translation>
    </message>
    <message>
        <source>Proposal %1 was proposed by %2, and %2 may not approve or reject its own proposal: a second identity must decide (four eyes). Nothing was changed.</source>
        <translation>提案 %1 由 %2 提出，%2 不能批准或驳回自己的提案：须由另一身份决定（四眼原则）。未做任何更改。</translation>
    </message>
    <message>
        <source>The server does not let %1 decide proposals (role %2; missing: %3). Nothing was changed.</source>
        <translation>服务器不允许 %1 决定提案（角色 %2；缺少：%3）。未做任何更改。</translation>
    </message>
    <message>
        <source>Proposal %1 expired at %2 without being applied: nothing was changed. Propose the action again.</source>
        <translation>提案 %1 已于 %2 过期且未应用：未做任何更改。请重新提出该操作。</translation>
    </message>
    <message>
        <source>Proposal %1 is %2, not approved: nothing was changed.</source>
        <translation>提案 %1 的状态是 %2，并非已批准：未做任何更改。</translation>
    </message>
    <message>
        <source>Proposal %1 was approved as %2 but is now %3: nothing was changed.</source>
        <translation>提案 %1 批准时的哈希为 %2，现在为 %3：未做任何更改。</translation>
    </message>
    <message>
        <source>Proposal %1 holds an action this version cannot apply (%2).</source>
        <translation>提案 %1 含有本版本无法应用的操作（%2）。</translation>
    </message>
    <message>
        <source>%1 (proposal %2, approved by %3)</source>
        <translation>%1（提案 %2，由 %3 批准）</translation>
    </message>
    <message>
        <source>applying a proposal</source>
        <translation>应用提案</translation>
    </message>
</context>
<context>
    <name>ProposalsView</name>
    <message>
        <source>waiting for approval</source>
        <translation>等待批准</translation>
    </message>
    <message>
        <source>approved, to apply</source>
        <translation>已批准，待应用</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>已驳回</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>mark timed out</source>
        <translation>标记为超时</translation>
    </message>
    <message>
        <source>release</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>in flight</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>&amp;Approve</source>
        <translation>批准(&amp;A)</translation>
    </message>
    <message>
        <source>Re&amp;ject…</source>
        <translation>驳回(&amp;J)…</translation>
    </message>
    <message>
        <source>A&amp;pply</source>
        <translation>应用(&amp;P)</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>提案</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>记录数</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Proposed by</source>
        <translation>提出人</translation>
    </message>
    <message>
        <source>Server identity</source>
        <translation>服务器身份</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>过期时间</translation>
    </message>
    <message>
        <source>none (SQLite)</source>
        <translation>无（SQLite）</translation>
    </message>
    <message>
        <source>No proposals. An action on more records of a scope than its four-eyes threshold is held here until a second identity approves it.</source>
        <translation>没有提案。对某作用域中超过其四眼阈值的记录执行的操作会保存在这里，直到另一身份批准。</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>已不存在</translation>
    </message>
    <message>
        <source> (changed since the proposal)</source>
        <translation>（提案后已变化）</translation>
    </message>
    <message>
        <source>released (deleted)</source>
        <translation>已释放（删除）</translation>
    </message>
    <message>
        <source>reason: %1</source>
        <translation>理由：%1</translation>
    </message>
    <message>
        <source>Proposed by %1 (server identity %2) on %3 at %4; hash %5</source>
        <translation>由 %1（服务器身份 %2）在 %3 于 %4 提出；哈希 %5</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 by %2 (%3) at %4 %5</source>
        <translation>%1：%2（%3）于 %4 %5</translation>
    </message>
    <message>
        <source>Approved</source>
        <translation>已批准</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>已驳回</translation>
    </message>
    <message>
        <source>%1 by %2 (%3) at %4: %5</source>
        <translation>%1：%2（%3）于 %4：%5</translation>
    </message>
    <message>
        <source>Applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>Expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>As the preview saw it</source>
        <translation>预览时的状态</translation>
    </message>
    <message>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Business number</source>
        <translation>业务单号</translation>
    </message>
    <message>
        <source>The store is open read-only.</source>
        <translation>存储以只读方式打开。</translation>
    </message>
    <message>
        <source>The server does not let %1 decide proposals (missing: %2).</source>
        <translation>服务器不允许 %1 决定提案（缺少：%2）。</translation>
    </message>
    <message>
        <source>You proposed this one: a second identity must approve or reject it.</source>
        <translation>这是您提出的提案：须由另一身份批准或驳回。</translation>
    </message>
    <message>
        <source>The server does not let %1 act (missing: %2).</source>
        <translation>服务器不允许 %1 执行操作（缺少：%2）。</translation>
    </message>
    <message>
        <source>Approve %1</source>
        <translation>批准 %1</translation>
    </message>
    <message>
        <source>Reject %1</source>
        <translation>驳回 %1</translation>
    </message>
    <message>
        <source>Your name:</source>
        <translation>您的姓名：</translation>
    </message>
    <message>
        <source>Why (written to the audit log):</source>
        <translation>理由（写入审计日志）：</translation>
    </message>
    <message>
        <source>Proposal %1 is %2.</source>
        <translation>提案 %1 现为%2。</translation>
    </message>
    <message>
        <source>Apply %1</source>
        <translation>应用 %1</translation>
    </message>
    <message>
        <source>Applied: %1 changed, %2 skipped (changed since the proposal), %3 failed.</source>
        <translation>已应用：%1 条已更改，%2 条跳过（提案后已变化），%3 条失败。</translation>
    </message>
    <message>
        <source>reconcile</source>
        <translation>对账</translation>
    </message>
    <message>
        <source>completed with a response made from the order</source>
        <translation>以根据订单生成的响应完成</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>ReadOnlyStore</name>
    <message>
        <source>The store is open read-only, so %1 was refused and nothing changed. Reopen it without read-only mode to act on records.</source>
        <translation>存储以只读方式打开，因此已拒绝%1，未做任何更改。如需对记录进行操作，请以非只读模式重新打开。</translation>
    </message>
    <message>
        <source>claiming a key</source>
        <translation>占用键</translation>
    </message>
    <message>
        <source>completing a record</source>
        <translation>完成记录</translation>
    </message>
    <message>
        <source>releasing a record</source>
        <translation>释放记录</translation>
    </message>
    <message>
        <source>purging expired records</source>
        <translation>清除过期记录</translation>
    </message>
    <message>
        <source>the operator action &quot;%1&quot; on %2/%3</source>
        <translation>对 %2/%3 执行操作员操作“%1”</translation>
    </message>
    <message>
        <source>writing an audit entry</source>
        <translation>写入审计条目</translation>
    </message>
    <message>
        <source>retrying the cache step of %1/%2</source>
        <translation>重试 %1/%2 的缓存步骤</translation>
    </message>
    <message>
        <source>proposing %1</source>
        <translation>提出 %1</translation>
    </message>
    <message>
        <source>approving %1</source>
        <translation>批准 %1</translation>
    </message>
    <message>
        <source>rejecting %1</source>
        <translation>驳回 %1</translation>
    </message>
    <message>
        <source>closing %1</source>
        <translation>关闭 %1</translation>
    </message>
    <message>
        <source>writing the four-eyes policy</source>
        <translation>写入四眼策略</translation>
    </message>
</context>
<context>
    <name>ReconcileDryRunPage</name>
    <message>
        <source>Include timed-out records (any age)</source>
        <translation>包括已超时的记录（不限时长）</translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <source>Records and dry run</source>
        <translation>记录与试运行</translation>
    </message>
    <message>
        <source>The dry run looks up the stuck records&apos; orders in batches of %1 and proposes what to do. It changes nothing.</source>
        <translation>试运行会按每批 %1 条查询卡住的记录对应的订单，并给出处理建议。它不做任何更改。</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>作用域：</translation>
    </message>
    <message>
        <source>In flight for longer than:</source>
        <translation>处理中时长超过：</translation>
    </message>
    <message>
        <source>Press Dry run to see the plan.</source>
        <translation>点击“试运行”查看计划。</translation>
    </message>
    <message>
        <source>Dry run stopped.</source>
        <translation>试运行已停止。</translation>
    </message>
    <message>
        <source>The criteria changed: run the dry run again.</source>
        <translation>条件已更改：请重新试运行。</translation>
    </message>
    <message>
        <source>Looking up orders …</source>
        <translation>正在查询订单…</translation>
    </message>
    <message>
        <source>The dry run failed: %1</source>
        <translation>试运行失败：%1</translation>
    </message>
    <message>
        <source>Dry run stopped: run it again for a complete plan.</source>
        <translation>试运行已停止：请重新运行以获得完整计划。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; stuck record(s): &lt;b&gt;%2&lt;/b&gt; to complete, &lt;b&gt;%3&lt;/b&gt; to release, &lt;b&gt;%4&lt;/b&gt; for manual review. Next shows the plan.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 条卡住的记录：&lt;b&gt;%2&lt;/b&gt; 条待完成，&lt;b&gt;%3&lt;/b&gt; 条待释放，&lt;b&gt;%4&lt;/b&gt; 条需人工复核。点击“下一步”查看计划。</translation>
    </message>
    <message>
        <source>Records:</source>
        <translation>记录：</translation>
    </message>
    <message numerus="yes">
        <source>The %n selected record(s) (scope %1), each read again for the dry run</source>
        <translation>
            <numerusform>所选的 %n 条记录（作用域 %1），试运行时逐条重新读取</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReconcilePlan</name>
    <message>
        <source>the record has no business number to look up</source>
        <translation>该记录没有可查询的业务单号</translation>
    </message>
    <message>
        <source>no order %1 in %2: the client may resubmit</source>
        <translation>%2 中没有订单 %1：客户端可以重新提交</translation>
    </message>
    <message>
        <source>%1 orders have the key %2: which one counts is for an operator to decide</source>
        <translation>%1 个订单的键为 %2：以哪一个为准须由操作员决定</translation>
    </message>
    <message>
        <source>the order found has the key &apos;%1&apos;, not exactly &apos;%2&apos;</source>
        <translation>找到的订单的键为“%1”，与“%2”不完全一致</translation>
    </message>
    <message>
        <source>order %1 has status %2, which means done</source>
        <translation>订单 %1 的状态为 %2，表示已完成</translation>
    </message>
    <message>
        <source>order %1 has status %2, which means failed: the client may resubmit</source>
        <translation>订单 %1 的状态为 %2，表示失败：客户端可以重新提交</translation>
    </message>
    <message>
        <source>order %1 has status %2, which means still pending</source>
        <translation>订单 %1 的状态为 %2，表示仍待处理</translation>
    </message>
    <message>
        <source>order %1 has no status</source>
        <translation>订单 %1 没有状态</translation>
    </message>
    <message>
        <source>order %1 has status %2, which is in no list</source>
        <translation>订单 %1 的状态为 %2，不在任何列表中</translation>
    </message>
    <message>
        <source>reconciling records</source>
        <translation>对账记录</translation>
    </message>
</context>
<context>
    <name>ReconcilePlanModel</name>
    <message>
        <source>complete</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>release</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>manual review</source>
        <translation>人工复核</translation>
    </message>
    <message>
        <source>Excluded: this record is left as it is</source>
        <translation>已排除：此记录保持不变</translation>
    </message>
    <message>
        <source>Included: applied with the plan</source>
        <translation>已包含：随计划执行</translation>
    </message>
    <message>
        <source>%1 — manual review rows are never applied by the plan</source>
        <translation>%1 — 人工复核行永远不会随计划执行</translation>
    </message>
    <message>
        <source>(no order)</source>
        <translation>（无订单）</translation>
    </message>
    <message>
        <source>Uncheck a row to leave its record out of the plan</source>
        <translation>取消勾选某行即可将其记录排除在计划之外</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>执行</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Order status</source>
        <translation>订单状态</translation>
    </message>
    <message>
        <source>Manual review: never applied by the plan; the record is left as it is</source>
        <translation>人工复核：计划从不应用此行；记录保持原样</translation>
    </message>
    <message>
        <source>Since the attempt&apos;s first claim at %1; timed out %2 ago</source>
        <translation>自本次尝试首次占用（%1）起计；%2 前被标记超时</translation>
    </message>
</context>
<context>
    <name>ReconcilePlanPage</name>
    <message>
        <source>The plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Complete: the order is done, the record replays a response made from it. Release: no order or it failed, the client may resubmit. Manual review rows are never applied.</source>
        <translation>完成：订单已完成，记录将重放根据订单生成的响应。释放：无订单或订单失败，客户端可以重新提交。人工复核行永远不会被执行。</translation>
    </message>
    <message>
        <source>Include all</source>
        <translation>全部包含</translation>
    </message>
    <message>
        <source>Exclude all</source>
        <translation>全部排除</translation>
    </message>
    <message>
        <source>%1 / %2 — %3
</source>
        <translation>%1 / %2 — %3
</translation>
    </message>
    <message>
        <source>Order row:
</source>
        <translation>订单行：
</translation>
    </message>
    <message>
        <source>No order row was found for %1.</source>
        <translation>未找到 %1 的订单行。</translation>
    </message>
    <message>
        <source>%1 &amp;nbsp; %2 &amp;nbsp; %3 &amp;nbsp; of %4 included; %5 excluded</source>
        <translation>%1 &amp;nbsp; %2 &amp;nbsp; %3 &amp;nbsp; 共包含 %4 条；排除 %5 条</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>release</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>manual review</source>
        <translation>人工复核</translation>
    </message>
    <message>
        <source>Select a row to see its order row and the request it kept (the evidence).</source>
        <translation>选择一行以查看其订单行和它保存的请求（证据）。</translation>
    </message>
    <message>
        <source>Request kept with the record:</source>
        <translation>记录保存的请求：</translation>
    </message>
    <message>
        <source>(none kept)</source>
        <translation>（未保存）</translation>
    </message>
</context>
<context>
    <name>ReconcileWizard</name>
    <message>
        <source>Reconcile with the order table</source>
        <translation>与订单表对账</translation>
    </message>
    <message>
        <source>Apply plan</source>
        <translation>执行计划</translation>
    </message>
    <message>
        <source>%1 record(s) will be completed with a response made from the order, and %2 released (their clients may resubmit). %3 for manual review and every excluded row are left as they are.</source>
        <translation>%1 条记录将以根据订单生成的响应完成，%2 条将被释放（其客户端可以重新提交）。%3 条人工复核记录及所有已排除的行保持不变。</translation>
    </message>
    <message>
        <source>Applying the plan</source>
        <translation>正在执行计划</translation>
    </message>
    <message numerus="yes">
        <source>Reconcile %n selected record(s)?</source>
        <translation>
            <numerusform>对账所选 %n 条记录？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reconcile %n record(s)</source>
        <translation>
            <numerusform>对账 %n 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reconcile %n selected record(s) with the order table</source>
        <translation>
            <numerusform>将所选 %n 条记录与订单表对账</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reconcile %n record(s), propose %1</source>
        <translation>
            <numerusform>对账 %n 条记录，%1 条保存为提案</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Record</name>
    <message>
        <source>%1=%2 is not a time between 2000-01-01 and 9999-12-31 (milliseconds since 1970)</source>
        <translation>%1=%2 不是 2000-01-01 到 9999-12-31 之间的时间（自 1970 年起的毫秒数）</translation>
    </message>
    <message>
        <source>attempts=%1 is not a count of attempts (1 or more)</source>
        <translation>attempts=%1 不是有效的尝试次数（应为 1 或以上）</translation>
    </message>
    <message>
        <source>status_code=%1 is not an HTTP status (0 to 999)</source>
        <translation>status_code=%1 不是有效的 HTTP 状态码（0 到 999）</translation>
    </message>
    <message>
        <source>reconciled=%1 is neither 0 nor 1</source>
        <translation>reconciled=%1 既不是 0 也不是 1</translation>
    </message>
    <message>
        <source>an in-flight record without the lease of its attempt</source>
        <translation>处理中的记录缺少其本次尝试的租约</translation>
    </message>
</context>
<context>
    <name>RecordActions</name>
    <message>
        <source>The selected values cannot be read: no action applies to them</source>
        <translation>所选值无法读取：任何操作都不适用于它们</translation>
    </message>
    <message numerus="yes">
        <source>Copy %n keys</source>
        <translation>
            <numerusform>复制 %n 个键</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>复制键</translation>
    </message>
    <message numerus="yes">
        <source>Copy as %n idemctl get commands</source>
        <translation>
            <numerusform>复制为 %n 条 idemctl get 命令</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy as idemctl get command</source>
        <translation>复制为 idemctl get 命令</translation>
    </message>
    <message numerus="yes">
        <source>Time out %n selected record(s)…</source>
        <translation>
            <numerusform>将所选 %n 条记录标记为超时…</numerusform>
        </translation>
    </message>
    <message>
        <source>Only in-flight records can be marked timed out</source>
        <translation>只有处理中的记录才能标记为超时</translation>
    </message>
    <message numerus="yes">
        <source>Release %n selected record(s)…</source>
        <translation>
            <numerusform>释放所选 %n 条记录…</numerusform>
        </translation>
    </message>
    <message>
        <source>Only in-flight and timed-out records can be released</source>
        <translation>只有处理中和已超时的记录才能释放</translation>
    </message>
    <message numerus="yes">
        <source>Reconcile %n selected record(s)…</source>
        <translation>
            <numerusform>对账所选 %n 条记录…</numerusform>
        </translation>
    </message>
    <message>
        <source>Only in-flight and timed-out records can be reconciled</source>
        <translation>只有处理中和已超时的记录才能对账</translation>
    </message>
    <message>
        <source>The store is open read-only</source>
        <translation>存储以只读方式打开</translation>
    </message>
    <message>
        <source>Opens the guided wizard for these records: preview, operator and reason, then apply</source>
        <translation>为这些记录打开引导向导：预览、操作员与原因，然后应用</translation>
    </message>
    <message>
        <source>Open audit history</source>
        <translation>打开审计历史</translation>
    </message>
    <message>
        <source>Select one record to see its audit entries</source>
        <translation>选择一条记录以查看其审计条目</translation>
    </message>
</context>
<context>
    <name>RecordBrowserModel</name>
    <message>
        <source>In flight</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>Completed (reconciled)</source>
        <translation>已完成（已对账）</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>已超时</translation>
    </message>
</context>
<context>
    <name>RecordBrowserView</name>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Audit history</source>
        <translation>审计历史</translation>
    </message>
    <message>
        <source>Any state</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>every scope</source>
        <translation>所有作用域</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Business no.</source>
        <translation>业务单号</translation>
    </message>
    <message>
        <source>key or its beginning</source>
        <translation>键或其开头部分</translation>
    </message>
    <message>
        <source>business number or its beginning</source>
        <translation>业务单号或其开头部分</translation>
    </message>
    <message>
        <source>Every audit entry about the selected record: who changed it, when and why.</source>
        <translation>关于所选记录的每条审计条目：谁在何时因何修改了它。</translation>
    </message>
    <message>
        <source>Which records: any state, in flight, completed or timed out. Released and expired records are gone from the store: their audit history remains.</source>
        <translation>哪些记录：任意状态、处理中、已完成或已超时。已释放和已过期的记录已从存储中删除，但其审计历史仍保留。</translation>
    </message>
    <message>
        <source>Only this scope; empty: every scope.</source>
        <translation>仅此作用域；留空：所有作用域。</translation>
    </message>
    <message>
        <source>The store could not list records: %1</source>
        <translation>存储无法列出记录：%1</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) match</source>
        <translation>
            <numerusform>%n 条记录匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>loaded at %1</source>
        <translation>读取于 %1</translation>
    </message>
    <message numerus="yes">
        <source>0 by key; %n by business no.</source>
        <translation>
            <numerusform>按键 0 条；按业务单号 %n 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>0 by business no.; %n by key</source>
        <translation>
            <numerusform>按业务单号 0 条；按键 %n 条</numerusform>
        </translation>
    </message>
    <message>
        <source>search by business no.</source>
        <translation>按业务单号搜索</translation>
    </message>
    <message>
        <source>search by key</source>
        <translation>按键搜索</translation>
    </message>
</context>
<context>
    <name>RecordColumns</name>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Business no.</source>
        <translation>业务单号</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态码</translation>
    </message>
    <message>
        <source>This value cannot be read: %1. No operator action applies to it; the details show the raw value.</source>
        <translation>此值无法读取：%1。任何运维操作都不适用于它；详情中显示原始值。</translation>
    </message>
</context>
<context>
    <name>RecordDetailView</name>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Business no.</source>
        <translation>业务单号</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>指纹</translation>
    </message>
    <message>
        <source>Status code</source>
        <translation>状态码</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>过期时间</translation>
    </message>
    <message>
        <source>Reconciled</source>
        <translation>已对账</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>响应头</translation>
    </message>
    <message>
        <source>Body as</source>
        <translation>响应体显示为</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>十六进制</translation>
    </message>
    <message>
        <source>Select a record to see its details.</source>
        <translation>选择一条记录以查看详情。</translation>
    </message>
    <message>
        <source>yes (response synthesised from the order)</source>
        <translation>是（响应根据订单合成）</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>(not a JSON list of pairs — the raw bytes:)
</source>
        <translation>（不是 JSON 键值对列表，以下为原始字节：）
</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n 字节</numerusform>
        </translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s), not UTF-8: shown as hex</source>
        <translation>
            <numerusform>%n 字节，非 UTF-8：以十六进制显示</numerusform>
        </translation>
    </message>
    <message>
        <source>… %1 more bytes not shown</source>
        <translation>… 另有 %1 字节未显示</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s), not JSON: shown as text</source>
        <translation>
            <numerusform>%n 字节，非 JSON：以文本显示</numerusform>
        </translation>
    </message>
    <message>
        <source>This stored value cannot be read: %1
No operator action applies to it. The raw value is shown below.</source>
        <translation>此存储值无法读取：%1
任何运维操作都不适用于它。下方显示原始值。</translation>
    </message>
    <message>
        <source>Raw stored value as</source>
        <translation>原始存储值显示为</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>响应</translation>
    </message>
</context>
<context>
    <name>RecordSelection</name>
    <message numerus="yes">
        <source>%n finished or left the list since it was selected</source>
        <translation>
            <numerusform>%n 条自被选中后已结束或离开列表</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n started less than %1 ago</source>
        <translation>
            <numerusform>%n 条开始于不到 %1 之前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cannot be read</source>
        <translation>
            <numerusform>%n 条无法读取</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected record(s) left out: %1.</source>
        <translation>
            <numerusform>所选记录中有 %n 条被排除：%1。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RedisConnectionPool</name>
    <message>
        <source>The Redis URL option %1 must be a number of milliseconds from 1 to 600000, not &apos;%2&apos;.</source>
        <translation>Redis URL 选项 %1 必须是 1 到 600000 之间的毫秒数，而不是“%2”。</translation>
    </message>
    <message>
        <source>A Redis Cluster has only database 0: remove /%1 from the URL %2.</source>
        <translation>Redis Cluster 只有 0 号数据库：请从 URL %2 中删除 /%1。</translation>
    </message>
    <message>
        <source>Redis at %1 is a cluster node, but: %2</source>
        <translation>%1 上的 Redis 是集群节点，但是：%2</translation>
    </message>
    <message>
        <source>The Redis URL option connections must be a number from 0 (a connection per thread) to 64, not &apos;%1&apos;.</source>
        <translation>Redis URL 选项 connections 必须是 0（每个线程一个连接）到 64 之间的数字，而不是“%1”。</translation>
    </message>
</context>
<context>
    <name>RedisScan</name>
    <message>
        <source>The Redis URL option %1 must be a number from %2 to %3, not &apos;%4&apos;.</source>
        <translation>Redis URL 选项 %1 必须是 %2 到 %3 之间的数字，而不是“%4”。</translation>
    </message>
    <message>
        <source>Redis %1 refused PING: %2</source>
        <translation>Redis %1 拒绝了 PING：%2</translation>
    </message>
    <message>
        <source>Redis %1 refused to read %2: %3</source>
        <translation>Redis %1 拒绝读取 %2：%3</translation>
    </message>
    <message>
        <source>Redis %1 answered fewer replies than commands.</source>
        <translation>Redis %1 返回的应答少于发送的命令。</translation>
    </message>
    <message>
        <source>Redis %1 refused SCAN: %2</source>
        <translation>Redis %1 拒绝了 SCAN：%2</translation>
    </message>
    <message>
        <source>Redis %1 answered SCAN with something else than a cursor and keys.</source>
        <translation>Redis %1 对 SCAN 的应答不是游标和键列表。</translation>
    </message>
    <message>
        <source>The listing stopped at Redis node %1 (master %2 of %3), so it would be incomplete: %4 Check that node and list again.</source>
        <translation>列表在 Redis 节点 %1（第 %2/%3 个主节点）处中断，结果将不完整：%4 请检查该节点后重新列出。</translation>
    </message>
    <message>
        <source>Redis %1 names no master to scan. Check the cluster&apos;s state (CLUSTER INFO).</source>
        <translation>Redis %1 没有可扫描的主节点。请检查集群状态（CLUSTER INFO）。</translation>
    </message>
    <message>
        <source>Redis %1 did not answer CLUSTER SLOTS with a slot map: %2</source>
        <translation>Redis %1 未以槽位映射回应 CLUSTER SLOTS：%2</translation>
    </message>
    <message>
        <source>The Redis Cluster %1 changed while the listing scanned it (%2): keys may have moved between masters, so the list could be incomplete. List again once the cluster is stable.</source>
        <translation>列出过程中 Redis 集群 %1 发生了变化（%2）：键可能已在主节点之间迁移，列表可能不完整。请在集群稳定后重新列出。</translation>
    </message>
    <message>
        <source>slots moved between masters, or a master was replaced</source>
        <translation>槽位在主节点之间迁移，或有主节点被替换</translation>
    </message>
</context>
<context>
    <name>RedisStore</name>
    <message>
        <source>Loading the Lua scripts (may this user run SCRIPT and EVALSHA?)</source>
        <translation>加载 Lua 脚本（请确认该用户有权执行 SCRIPT 和 EVALSHA）</translation>
    </message>
    <message>
        <source>Redis %1 computed another SHA1 for a Lua script than this build.</source>
        <translation>Redis %1 计算出的 Lua 脚本 SHA1 与当前构建不一致。</translation>
    </message>
    <message>
        <source>A Lua script</source>
        <translation>执行 Lua 脚本</translation>
    </message>
    <message>
        <source>Redis %1 kept answering NOSCRIPT.</source>
        <translation>Redis %1 持续返回 NOSCRIPT。</translation>
    </message>
    <message>
        <source>The claim script on %1 answered &apos;%2&apos;.</source>
        <translation>%1 上的抢占脚本返回了 &apos;%2&apos;。</translation>
    </message>
    <message>
        <source>The claim script on %1 answered without the record.</source>
        <translation>%1 上的抢占脚本返回结果中没有记录。</translation>
    </message>
    <message>
        <source>A transition script on %1 answered &apos;%2&apos;.</source>
        <translation>%1 上的状态变更脚本返回了 &apos;%2&apos;。</translation>
    </message>
    <message>
        <source>Reading the scope registry %1</source>
        <translation>读取作用域注册表 %1</translation>
    </message>
    <message>
        <source>Counting in-flight records</source>
        <translation>统计处理中记录</translation>
    </message>
    <message>
        <source>Reading the server time</source>
        <translation>读取服务器时间</translation>
    </message>
    <message>
        <source>Counting records</source>
        <translation>统计记录</translation>
    </message>
    <message>
        <source>Reading counters</source>
        <translation>读取计数器</translation>
    </message>
    <message>
        <source>Writing counters</source>
        <translation>写入计数器</translation>
    </message>
    <message>
        <source>Purging expired records</source>
        <translation>清理过期记录</translation>
    </message>
    <message>
        <source>The purge script on %1 answered unexpectedly.</source>
        <translation>%1 上的清理脚本返回了非预期的结果。</translation>
    </message>
    <message>
        <source>holds a %1 instead of a %2: another program wrote that key</source>
        <translation>存放的是 %1 而不是 %2：该键由其他程序写入</translation>
    </message>
    <message>
        <source>The operator action %1 does not apply to a %2 record (%3/%4).</source>
        <translation>操作员操作 %1 不适用于 %2 状态的记录（%3/%4）。</translation>
    </message>
    <message>
        <source>The operator action script on %1 answered &apos;%2&apos;.</source>
        <translation>%1 上的操作员操作脚本返回“%2”。</translation>
    </message>
    <message>
        <source>An audit entry needs the time it records (atMs).</source>
        <translation>审计条目需要其所记录的时间（atMs）。</translation>
    </message>
    <message>
        <source>The audit script on %1 answered unexpectedly.</source>
        <translation>%1 上的审计脚本返回了意外的结果。</translation>
    </message>
    <message>
        <source>holds another type than a stream: another program wrote that key</source>
        <translation>存放的不是 stream 类型：该键由其他程序写入</translation>
    </message>
    <message>
        <source>Reading the audit log</source>
        <translation>正在读取审计日志</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a position in a Redis audit chain (a stream entry id such as 1700000000000-0).</source>
        <translation>“%1”不是 Redis 审计链中的位置（应为 stream 条目 ID，如 1700000000000-0）。</translation>
    </message>
    <message>
        <source>Reading the audit chain</source>
        <translation>正在读取审计链</translation>
    </message>
    <message>
        <source>Reading the audit chains</source>
        <translation>正在读取审计链</translation>
    </message>
    <message>
        <source>holds a %1 instead of a stream: another program wrote that key</source>
        <translation>存放的是 %1 而不是 stream：该键由其他程序写入</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>Redis at %1 did not answer: %2. The connection is re-established on the next request.</source>
        <translation>Redis（%1）未响应：%2。将在下次请求时重新建立连接。</translation>
    </message>
    <message>
        <source>The Redis store %1 was closed while still in use.</source>
        <translation>Redis 存储 %1 在使用中被关闭。</translation>
    </message>
    <message>
        <source>Redis at %1 is unreachable (%2); the next attempt is in %3 ms.</source>
        <translation>无法访问 Redis（%1）：%2；将在 %3 ms 后重试。</translation>
    </message>
    <message>
        <source>Cannot connect to Redis at %1: %2</source>
        <translation>无法连接 Redis（%1）：%2</translation>
    </message>
    <message>
        <source> (check the user, IDEM_REDIS_PASSWORD and the database number)</source>
        <translation>（请检查用户名、IDEM_REDIS_PASSWORD 和数据库编号）</translation>
    </message>
    <message>
        <source>The scope &apos;%1&apos; cannot be stored in Redis: it must be non-empty and without &apos;{&apos; or &apos;}&apos; (they delimit the hash tag).</source>
        <translation>作用域 &apos;%1&apos; 无法存入 Redis：作用域不能为空，且不能包含 &apos;{&apos; 或 &apos;}&apos;（二者用于界定 hash tag）。</translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
        <translation>在 %2 上%1失败：%3</translation>
    </message>
    <message>
        <source>Record %1/%2 in %3 (key %4)</source>
        <translation>%3 中的记录 %1/%2（键 %4）</translation>
    </message>
    <message>
        <source>%1 holds a %2 instead of a hash: another program wrote that key. Nothing was run; inspect or delete it.</source>
        <translation>%1 的类型是 %2，而不是 hash：该键被其他程序写入过。未执行任何操作；请检查或删除该键。</translation>
    </message>
    <message>
        <source>%1 is a truncated hash: the field(s) %2 are missing. Nothing was run; inspect or delete it.</source>
        <translation>%1 是不完整的 hash：缺少字段 %2。未执行任何操作；请检查或删除该键。</translation>
    </message>
    <message>
        <source>%1 has an unknown state &apos;%2&apos;.</source>
        <translation>%1 的状态 &apos;%2&apos; 未知。</translation>
    </message>
    <message>
        <source>%1 is COMPLETED but its cached response (headers, body) is missing.</source>
        <translation>%1 的状态为 COMPLETED，但缺少缓存的响应（headers、body）。</translation>
    </message>
    <message>
        <source>Reading a record</source>
        <translation>读取记录</translation>
    </message>
    <message>
        <source>Redis %1 answered a record read with an unexpected reply.</source>
        <translation>Redis %1 对记录读取返回了非预期的应答。</translation>
    </message>
    <message>
        <source>The audit key %1 in %2 %3. Nothing was changed; inspect it, and run idemctl audit verify.</source>
        <translation>%2 中的审计键 %1 %3。未做任何更改；请检查该键，并运行 idemctl audit verify。</translation>
    </message>
    <message>
        <source>holds another type than a hash: another program wrote that key</source>
        <translation>存放的不是 hash 类型：该键由其他程序写入</translation>
    </message>
    <message>
        <source>Reading the audit chain head</source>
        <translation>正在读取审计链头</translation>
    </message>
    <message>
        <source>is not a chain head (seq &apos;%1&apos;, hash &apos;%2&apos;)</source>
        <translation>不是链头（seq &apos;%1&apos;，hash &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>The audit chain of scope %1 on %2 kept moving: other writers appended first %3 times in a row over %4 s. Nothing was changed; try again.</source>
        <translation>%2 上作用域 %1 的审计链持续变动：其他写入方在 %4 秒内已连续 %3 次抢先追加。未做任何更改；请重试。</translation>
    </message>
    <message>
        <source>%1 has a field that is not a whole number: %2.</source>
        <translation>%1 有一个字段不是整数：%2。</translation>
    </message>
    <message>
        <source>%1 has a field out of range: %2. The engine never writes that; nothing is done to it. Inspect or delete it.</source>
        <translation>%1 有字段超出范围：%2。引擎从不写入这样的值；不会对其执行任何操作。请检查或删除它。</translation>
    </message>
    <message>
        <source>%1: its in-flight index entry and its own updated_at disagree (index, record: %2). Its age is not known, so nothing is done to it. Inspect it.</source>
        <translation>%1：其处理中索引条目与其自身的 updated_at 不一致（索引、记录：%2）。无法确定其时长，因此不会对其执行任何操作。请检查它。</translation>
    </message>
    <message>
        <source>Listing in-flight records (key %1)</source>
        <translation>列出处理中记录（键 %1）</translation>
    </message>
    <message>
        <source>Listing timed-out records (key %1)</source>
        <translation>列出已超时记录（键 %1）</translation>
    </message>
    <message>
        <source>%1 (key %2)</source>
        <translation>%1（键 %2）</translation>
    </message>
    <message>
        <source>%1 failed on %2: the key %3 holds another type than idem-console writes there; another program wrote it. Inspect or delete that key; other scopes are not affected (--scope).</source>
        <translation>在 %2 上%1失败：键 %3 中的数据类型与 idem-console 写入的类型不同，是其他程序写入的。请检查或删除该键；其他作用域不受影响（--scope）。</translation>
    </message>
    <message>
        <source>is missing while the chain&apos;s stream holds entries: the head was deleted. Actions in scope %1 stay blocked until the chain is looked at; other scopes go on</source>
        <translation>缺失，而该链的流中仍有条目：链头已被删除。在检查该链之前，作用域 %1 中的操作将保持阻止；其他作用域照常进行</translation>
    </message>
    <message>
        <source>Listing completed records (key %1)</source>
        <translation>正在列出已完成的记录（键 %1）</translation>
    </message>
    <message>
        <source>Listing completed records (key %1): ZSCAN answered no cursor</source>
        <translation>正在列出已完成的记录（键 %1）：ZSCAN 未返回游标</translation>
    </message>
    <message>
        <source>The scope &apos;%1&apos; cannot be stored on a Redis Cluster: &apos;#&apos; separates a scope from its bucket number there (scope#07), so a scope name may not contain it.</source>
        <translation>作用域“%1”无法存入 Redis Cluster：在集群中“#”用来分隔作用域与其分桶编号（scope#07），因此作用域名称不能包含它。</translation>
    </message>
    <message>
        <source>The bucket count of scope &apos;%1&apos; in %2 is &apos;%3&apos;, not a number from 1 to %4: another program wrote it. Records of that scope cannot be found until it is put back.</source>
        <translation>作用域“%1”在 %2 中的分桶数是“%3”，不是 1 到 %4 之间的数字：这是其他程序写入的。在恢复正确的值之前，该作用域的记录无法被找到。</translation>
    </message>
    <message>
        <source>The scope registry (idem:scopes or %1) holds another type than idem-console writes there: another program wrote it.</source>
        <translation>作用域登记（idem:scopes 或 %1）中保存的类型不是 idem-console 写入的类型：这是其他程序写入的。</translation>
    </message>
    <message>
        <source>Fixing the bucket count of scope &apos;%1&apos; failed: %2</source>
        <translation>确定作用域“%1”的分桶数失败：%2</translation>
    </message>
    <message>
        <source>%1 holds another type than a hash: another program wrote it.</source>
        <translation>%1 保存的不是哈希类型：这是其他程序写入的。</translation>
    </message>
    <message>
        <source>Reading the bucket counts failed: %1</source>
        <translation>读取分桶数失败：%1</translation>
    </message>
    <message>
        <source>The CLUSTER SLOTS reply is not a slot map.</source>
        <translation>CLUSTER SLOTS 的回复不是槽位映射。</translation>
    </message>
    <message>
        <source>The Redis Cluster serves no slot yet (CLUSTER SLOTS is empty).</source>
        <translation>Redis Cluster 尚未分配任何槽位（CLUSTER SLOTS 为空）。</translation>
    </message>
    <message>
        <source>%1 answered CLUSTER SLOTS with: %2</source>
        <translation>%1 对 CLUSTER SLOTS 的回复是：%2</translation>
    </message>
    <message>
        <source>No node of the Redis Cluster answered CLUSTER SLOTS (tried %1). Last error: %2</source>
        <translation>Redis Cluster 没有任何节点回复 CLUSTER SLOTS（已尝试 %1）。最后的错误：%2</translation>
    </message>
    <message>
        <source>Redis at %1 is no longer a master of the cluster; its masters are now %2.</source>
        <translation>%1 上的 Redis 已不再是集群的主节点；当前的主节点为 %2。</translation>
    </message>
    <message>
        <source>The Redis Cluster named a node &apos;%1&apos; that is not host:port.</source>
        <translation>Redis Cluster 给出的节点“%1”不是 host:port 格式。</translation>
    </message>
    <message>
        <source>Redis at %1 is not the node %2.</source>
        <translation>%1 上的 Redis 不是节点 %2。</translation>
    </message>
    <message>
        <source>%1 of %2 replicas confirmed it within %3 ms</source>
        <translation>%3 毫秒内 %2 个副本中只有 %1 个确认</translation>
    </message>
    <message>
        <source>The claim of %1/%2 on %3 was not confirmed by a replica (%4), so the business was not run; the claim was %5. Retry later; if this scope&apos;s masters have no replicas, set its replica acknowledgements to 0.</source>
        <translation>%3 上 %1/%2 的占用未得到副本确认（%4），因此业务没有执行；该占用已%5。请稍后重试；如果该作用域的主节点没有副本，请把它的副本确认数设为 0。</translation>
    </message>
    <message>
        <source>released</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>left in flight (%1)</source>
        <translation>保留为进行中（%1）</translation>
    </message>
    <message>
        <source>A Redis Cluster link was given encoded requests; it routes RedisCommands only.</source>
        <translation>Redis 集群连接收到了已编码的请求；它只能按键路由 RedisCommand（程序内部错误）。</translation>
    </message>
    <message>
        <source>A Lua script call was built with %1 arguments instead of %2.</source>
        <translation>Lua 脚本调用构造出 %1 个参数，应为 %2 个；请求未发送（程序内部错误）。</translation>
    </message>
    <message>
        <source>The index key %1 in %2 holds a %3 instead of a sorted set: another program wrote that key. Nothing was changed; actions in scope %4 stay blocked until it is looked at, other scopes go on.</source>
        <translation>%2 中的索引键 %1 存放的是 %3 而不是 sorted set：该键由其他程序写入。未做任何更改；在检查该键之前，作用域 %4 中的操作将保持阻止，其他作用域照常进行。</translation>
    </message>
    <message>
        <source>not counted: the counter key %1 of scope %2 holds %3, not a number (another program wrote it)</source>
        <translation>未计数：作用域 %2 的计数器键 %1 存放的是 %3，不是数字（由其他程序写入）</translation>
    </message>
    <message>
        <source>not counted: the counter key %1 of scope %2 holds a %3 (another program wrote it)</source>
        <translation>未计数：作用域 %2 的计数器键 %1 存放的是 %3 类型（由其他程序写入）</translation>
    </message>
    <message>
        <source>Redis has no grants of a role to a user: the roles are the ACL users idem-viewer, idem-operator and idem-approver. Give each a password (ACL SETUSER idem-viewer on &gt;PASSWORD) and connect as it.</source>
        <translation>Redis 没有把角色授予用户的机制：角色就是 ACL 用户 idem-viewer、idem-operator 和 idem-approver。为每个用户设置密码（ACL SETUSER idem-viewer on &gt;PASSWORD）并以其身份连接。</translation>
    </message>
    <message>
        <source>Setting up the ACL users (ACL SETUSER; run as an administrator)</source>
        <translation>设置 ACL 用户（ACL SETUSER；须以管理员身份运行）</translation>
    </message>
    <message>
        <source>the command EVALSHA (the store&apos;s scripts)</source>
        <translation>命令 EVALSHA（存储的脚本）</translation>
    </message>
    <message>
        <source>writes to the record keys (HSET, DEL, ZADD on idem:{scope}:*)</source>
        <translation>写入记录键（在 idem:{scope}:* 上执行 HSET、DEL、ZADD）</translation>
    </message>
    <message>
        <source>XADD to the audit streams</source>
        <translation>向审计流执行 XADD</translation>
    </message>
    <message>
        <source>Reading the four-eyes policy</source>
        <translation>读取四眼策略</translation>
    </message>
    <message>
        <source>A threshold is a number of records, 0 or more.</source>
        <translation>阈值是记录数，须为 0 或更大。</translation>
    </message>
    <message>
        <source>Writing the four-eyes policy</source>
        <translation>写入四眼策略</translation>
    </message>
    <message>
        <source>A proposal must stay open for some time.</source>
        <translation>提案必须保持开放一段时间。</translation>
    </message>
    <message>
        <source>The proposal script on %1 answered unexpectedly.</source>
        <translation>%1 上的提案脚本返回了意外的结果。</translation>
    </message>
    <message>
        <source>A proposal needs a valid id, a scope and records.</source>
        <translation>提案需要有效的编号、作用域和记录。</translation>
    </message>
    <message>
        <source>A proposal %1 exists already in %2.</source>
        <translation>%2 中已存在提案 %1。</translation>
    </message>
    <message>
        <source>Reading proposal %1</source>
        <translation>读取提案 %1</translation>
    </message>
    <message>
        <source>Listing proposals</source>
        <translation>列出提案</translation>
    </message>
    <message>
        <source>There is no proposal %1 in %2.</source>
        <translation>%2 中没有提案 %1。</translation>
    </message>
    <message>
        <source>writes to the proposal keys (HSET on idem:{scope}:pd:*)</source>
        <translation>写入提案决定键（在 idem:{scope}:pd:* 上执行 HSET）</translation>
    </message>
    <message>
        <source>Encoded Redis requests could not be read back to follow a redirect.</source>
        <translation>无法读回已编码的 Redis 请求，因此无法跟随重定向。</translation>
    </message>
</context>
<context>
    <name>ReportBuilder</name>
    <message>
        <source>The report&apos;s end is before its start.</source>
        <translation>报告的结束时间早于开始时间。</translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>最近 1 小时</translation>
    </message>
    <message>
        <source>Last 24 h</source>
        <translation>最近 24 小时</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>从(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>到(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Scope:</source>
        <translation>作用域(&amp;S)：</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation>输出文件(&amp;O)：</translation>
    </message>
    <message>
        <source>O&amp;perator:</source>
        <translation>操作员(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>The end of the range must not be before its start.</source>
        <translation>时间范围的结束不能早于开始。</translation>
    </message>
    <message>
        <source>Choose the file to write.</source>
        <translation>请选择要写入的文件。</translation>
    </message>
    <message>
        <source>Enter the operator the report is for.</source>
        <translation>请输入本报告对应的操作员。</translation>
    </message>
    <message>
        <source>Exporting report</source>
        <translation>正在导出报告</translation>
    </message>
    <message>
        <source>The report was not written: %1</source>
        <translation>报告未写入：%1</translation>
    </message>
    <message>
        <source>Stopped: no file was written.</source>
        <translation>已停止：未写入任何文件。</translation>
    </message>
    <message>
        <source>intact</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>BROKEN</source>
        <translation>已损坏</translation>
    </message>
    <message>
        <source>Report written to %1: %2 scope(s), %3 executed, %4 replayed, %5 operator action(s), %6 alert handling entries, audit log %7.</source>
        <translation>报告已写入 %1：%2 个作用域，执行 %3 次，重放 %4 次，操作员操作 %5 次，告警处理条目 %6 条，审计日志%7。</translation>
    </message>
</context>
<context>
    <name>ReportFile</name>
    <message>
        <source>Cannot write %1: %2. Nothing was written there.</source>
        <translation>无法写入 %1：%2。该处未写入任何内容。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. It is not a regular file, so part of the report may have gone out.</source>
        <translation>无法写入 %1：%2。它不是普通文件，报告可能已有部分内容写出。</translation>
    </message>
    <message>
        <source>Unknown report format.</source>
        <translation>未知的报告格式。</translation>
    </message>
    <message>
        <source>No file to write the report to.</source>
        <translation>没有指定写入报告的文件。</translation>
    </message>
    <message>
        <source>Cannot write %1: it is a folder. Give a file name.</source>
        <translation>无法写入 %1：它是一个文件夹。请给出文件名。</translation>
    </message>
</context>
<context>
    <name>ReportPdf</name>
    <message>
        <source>%1 – %2 UTC</source>
        <translation>%1 – %2 UTC</translation>
    </message>
    <message>
        <source>Executed</source>
        <translation>执行</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>重放</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>Mismatch</source>
        <translation>请求不一致</translation>
    </message>
    <message>
        <source>Released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>Reconciled</source>
        <translation>已对账</translation>
    </message>
    <message>
        <source>Store errors</source>
        <translation>存储错误</translation>
    </message>
    <message>
        <source>Late finish</source>
        <translation>迟到完成</translation>
    </message>
    <message>
        <source>none in this range</source>
        <translation>此时间范围内无</translation>
    </message>
    <message>
        <source>Hit rate (replayed / (replayed + executed))</source>
        <translation>命中率（重放 / (重放 + 执行)）</translation>
    </message>
    <message>
        <source>Hit rate per minute</source>
        <translation>每分钟命中率</translation>
    </message>
    <message>
        <source>Hit rate per %1 minutes</source>
        <translation>每 %1 分钟命中率</translation>
    </message>
    <message>
        <source>Anomalies per minute</source>
        <translation>每分钟异常数</translation>
    </message>
    <message>
        <source>Anomalies per %1 minutes</source>
        <translation>每 %1 分钟异常数</translation>
    </message>
    <message>
        <source>intact: %1 entries in %2 chain(s) verified</source>
        <translation>完整：已校验 %2 条链中的 %1 个条目</translation>
    </message>
    <message>
        <source>BROKEN in scope %1 at seq %2: %3</source>
        <translation>作用域 %1 在序号 %2 处已损坏：%3</translation>
    </message>
    <message>
        <source>not verified (cancelled)</source>
        <translation>未校验（已取消）</translation>
    </message>
    <message>
        <source>Idempotency report</source>
        <translation>幂等报告</translation>
    </message>
    <message>
        <source>Store</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>时间范围</translation>
    </message>
    <message>
        <source>Scopes</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>操作员</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>生成于</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Hit rate</source>
        <translation>命中率</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>异常</translation>
    </message>
    <message>
        <source>Stuck at report time (in flight over %1 min)</source>
        <translation>报告时卡住的记录（处理中超过 %1 分钟）</translation>
    </message>
    <message>
        <source>Operator actions</source>
        <translation>操作员操作</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>审计日志</translation>
    </message>
    <message>
        <source>Per scope</source>
        <translation>按作用域</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Operator actions (%1)</source>
        <translation>操作员操作（%1）</translation>
    </message>
    <message>
        <source>No operator actions in this range.</source>
        <translation>此时间范围内没有操作员操作。</translation>
    </message>
    <message>
        <source>At (UTC)</source>
        <translation>时间（UTC）</translation>
    </message>
    <message>
        <source>Scope #seq</source>
        <translation>作用域 #序号</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>… and %1 more; the CSV and JSON reports list every action.</source>
        <translation>…… 另有 %1 条；CSV 和 JSON 报告列出了全部操作。</translation>
    </message>
    <message>
        <source>Audit chain</source>
        <translation>审计链</translation>
    </message>
    <message>
        <source>The verdict covers every entry of the chains checked, not only this range. Keep this report outside the store: it is a witness of the chain heads at report time.</source>
        <translation>校验结论涵盖所检查链的全部条目，而不仅限于此时间范围。请将本报告保存在存储之外：它可作为报告时各链头的见证。</translation>
    </message>
    <message>
        <source>Idempotency report %1</source>
        <translation>幂等报告 %1</translation>
    </message>
    <message>
        <source>Idempotency report · %1</source>
        <translation>幂等报告 · %1</translation>
    </message>
    <message>
        <source>Operator: %1 · generated %2 UTC</source>
        <translation>操作员：%1 · 生成于 %2 UTC</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>Cannot draw the PDF in memory.</source>
        <translation>无法在内存中绘制 PDF。</translation>
    </message>
    <message>
        <source>Cannot add page %1 to the PDF.</source>
        <translation>无法向 PDF 添加第 %1 页。</translation>
    </message>
    <message>
        <source>Cannot finish the PDF.</source>
        <translation>无法完成 PDF。</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Operator batches</source>
        <translation>操作员批次</translation>
    </message>
    <message>
        <source>Alert handling entries</source>
        <translation>告警处理条目</translation>
    </message>
    <message>
        <source>Timeouts and reconciliations of records, with the operator and host each audit entry recorded. Alert handling is listed in its own section below.</source>
        <translation>对记录的超时标记与对账，列出每条审计条目所记录的操作员和主机。告警处理在下方单独一节列出。</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>批次汇总</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>First – last (UTC)</source>
        <translation>首次 – 末次（UTC）</translation>
    </message>
    <message>
        <source>different reasons: see the entries below</source>
        <translation>原因各不相同：见下方条目</translation>
    </message>
    <message>
        <source>Entries by batch</source>
        <translation>按批次列出的条目</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n entries</source>
        <translation>
            <numerusform>%1 · %n 个条目</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation>%1（续）</translation>
    </message>
    <message>
        <source>Alert handling (%1)</source>
        <translation>告警处理（%1）</translation>
    </message>
    <message>
        <source>No alerts were raised or handled in this range.</source>
        <translation>此时间范围内没有触发或处理的告警。</translation>
    </message>
    <message>
        <source>Alerts the console raised, and their acknowledgements and snoozes: the console&apos;s own entries, which change no record.</source>
        <translation>控制台触发的告警及其确认和暂缓：这些是控制台自身的条目，不会改变任何记录。</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>告警</translation>
    </message>
    <message>
        <source>Chain</source>
        <translation>链</translation>
    </message>
    <message>
        <source>Head seq</source>
        <translation>链头序号</translation>
    </message>
    <message>
        <source>Entries verified</source>
        <translation>已校验条目</translation>
    </message>
    <message>
        <source>Head hash (SHA-256)</source>
        <translation>链头哈希（SHA-256）</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>broken at seq %1: %2</source>
        <translation>在序号 %1 处损坏：%2</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>完好</translation>
    </message>
    <message>
        <source>Without a batch id</source>
        <translation>无批次号</translation>
    </message>
    <message>
        <source>Batch %1</source>
        <translation>批次 %1</translation>
    </message>
</context>
<context>
    <name>ScopeChooser</name>
    <message>
        <source>All scopes</source>
        <translation>所有作用域</translation>
    </message>
    <message>
        <source>%1 (%2 in flight)</source>
        <translation>%1（%2 条处理中）</translation>
    </message>
</context>
<context>
    <name>ScopeStatusModel</name>
    <message>
        <source>– / %1</source>
        <translation>– / %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1, raised since %2</source>
        <translation>%1，自 %2 起触发</translation>
    </message>
    <message>
        <source>%1, at %2</source>
        <translation>%1，于 %2</translation>
    </message>
    <message>
        <source>Replayed ÷ (replayed + executed) over the last minutes, against the scope&apos;s hit-rate alert limit</source>
        <translation>最近几分钟内 重放 ÷（重放 + 执行），与该作用域的命中率告警上限对比</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>Hit rate / limit</source>
        <translation>命中率 / 上限</translation>
    </message>
    <message>
        <source>Executions / min</source>
        <translation>执行 / 分钟</translation>
    </message>
    <message>
        <source>409 / min</source>
        <translation>409 / 分钟</translation>
    </message>
    <message>
        <source>422 / min</source>
        <translation>422 / 分钟</translation>
    </message>
    <message>
        <source>5xx / min</source>
        <translation>5xx / 分钟</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>Last alert</source>
        <translation>最近告警</translation>
    </message>
</context>
<context>
    <name>SqlStore</name>
    <message>
        <source>The Qt Sql driver %1 is not installed (Debian: libqt6sql6-%2).</source>
        <translation>未安装 Qt SQL 驱动 %1（Debian：libqt6sql6-%2）。</translation>
    </message>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>无法连接 %1：%2</translation>
    </message>
    <message>
        <source>Cannot create the directory %1 for the SQLite store.</source>
        <translation>无法为 SQLite 存储创建目录 %1。</translation>
    </message>
    <message>
        <source>The schema %1 is missing from this build.</source>
        <translation>当前构建中缺少表结构 %1。</translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
        <translation>在 %2 上%1失败：%3</translation>
    </message>
    <message>
        <source>Reading a record</source>
        <translation>读取记录</translation>
    </message>
    <message>
        <source>The record %1/%2 kept changing under concurrent claims; try again.</source>
        <translation>记录 %1/%2 在并发抢占下持续变化，请重试。</translation>
    </message>
    <message>
        <source>Counting records</source>
        <translation>统计记录</translation>
    </message>
    <message>
        <source>Records of scope %1 have an unknown state &apos;%2&apos;.</source>
        <translation>作用域 %1 中存在状态未知（&apos;%2&apos;）的记录。</translation>
    </message>
    <message>
        <source>Reading counters</source>
        <translation>读取计数器</translation>
    </message>
    <message>
        <source>Writing counters</source>
        <translation>写入计数器</translation>
    </message>
    <message>
        <source>Configuring the %1 connection</source>
        <translation>配置 %1 连接</translation>
    </message>
    <message>
        <source>Checking the schema</source>
        <translation>检查表结构</translation>
    </message>
    <message>
        <source>Cannot start a transaction on %1: %2</source>
        <translation>无法在 %1 上开启事务：%2</translation>
    </message>
    <message>
        <source>Creating the schema</source>
        <translation>创建表结构</translation>
    </message>
    <message>
        <source>Cannot commit the schema on %1: %2</source>
        <translation>无法在 %1 上提交表结构：%2</translation>
    </message>
    <message>
        <source>Checking the table privileges</source>
        <translation>检查表权限</translation>
    </message>
    <message>
        <source>Claiming a record</source>
        <translation>抢占记录</translation>
    </message>
    <message>
        <source>Taking over a record</source>
        <translation>接管记录</translation>
    </message>
    <message>
        <source>Completing a record</source>
        <translation>完成记录</translation>
    </message>
    <message>
        <source>Releasing a record</source>
        <translation>释放记录</translation>
    </message>
    <message>
        <source>Purging expired records</source>
        <translation>清理过期记录</translation>
    </message>
    <message>
        <source>User %1 may not use the idem-console tables on %2: it lacks %3. Ask their owner to run GRANT SELECT, INSERT, UPDATE, DELETE ON idem_records, idem_counters, idem_audit_head TO %1 and GRANT SELECT, INSERT ON idem_audit TO %1 (the audit log needs no more: it is append-only).</source>
        <translation>用户 %1 无法使用 %2 上的 idem-console 表：缺少 %3。请让这些表的持有者执行 GRANT SELECT, INSERT, UPDATE, DELETE ON idem_records, idem_counters, idem_audit_head TO %1 和 GRANT SELECT, INSERT ON idem_audit TO %1（审计日志只需这些权限：它仅允许追加）。</translation>
    </message>
    <message>
        <source>%1 applies to in-flight records only (or timed-out ones, for reconciliation).</source>
        <translation>%1 仅适用于处理中的记录（对账时也适用于已超时的记录）。</translation>
    </message>
    <message>
        <source>Applying &quot;%1&quot; to %2/%3</source>
        <translation>正在对 %2/%3 执行“%1”</translation>
    </message>
    <message>
        <source>Cannot commit &quot;%1&quot; on %2/%3: %4</source>
        <translation>无法在 %2/%3 上提交“%1”：%4</translation>
    </message>
    <message>
        <source>An audit entry needs a scope: each scope keeps its own chain.</source>
        <translation>审计条目需要作用域：每个作用域维护各自的链。</translation>
    </message>
    <message>
        <source>An audit entry needs the time it records (atMs).</source>
        <translation>审计条目需要其所记录的时间（atMs）。</translation>
    </message>
    <message>
        <source>Cannot commit an audit entry on %1.</source>
        <translation>无法在 %1 上提交审计条目。</translation>
    </message>
    <message>
        <source>Reading the audit chain head</source>
        <translation>正在读取审计链头</translation>
    </message>
    <message>
        <source>Writing an audit entry</source>
        <translation>正在写入审计条目</translation>
    </message>
    <message>
        <source>Moving the audit chain head</source>
        <translation>正在移动审计链头</translation>
    </message>
    <message>
        <source>The audit chain head of scope %1 changed while it was locked; run `idemctl audit verify`.</source>
        <translation>作用域 %1 的审计链头在锁定期间发生了变化；请运行 `idemctl audit verify`。</translation>
    </message>
    <message>
        <source>Listing audit entries</source>
        <translation>正在列出审计条目</translation>
    </message>
    <message>
        <source>Reading the audit chain</source>
        <translation>正在读取审计链</translation>
    </message>
    <message>
        <source>Reading the audit chain heads</source>
        <translation>正在读取审计链头</translation>
    </message>
    <message>
        <source>The URL option %1 may not contain &apos;;&apos; (the %2 driver cannot pass it on).</source>
        <translation>URL 选项 %1 不能包含 &apos;;&apos;（%2 驱动无法传递该字符）。</translation>
    </message>
    <message>
        <source>The idem-console tables are missing in schema %1 and user %2 may not create them: that needs the CREATE privilege on schema %1 (and ownership of idem_records for a missing index). The server said: %3. Run GRANT CREATE ON SCHEMA %1 TO %2 once, or have the schema&apos;s owner load resources/sql/postgresql.sql; after that %2 needs only SELECT, INSERT, UPDATE and DELETE on idem_records and idem_counters.</source>
        <translation>模式 %1 中缺少 idem-console 的数据表，且用户 %2 无权创建：需要模式 %1 的 CREATE 权限（若缺少索引，还需是 idem_records 的所有者）。服务器返回：%3。请执行一次 GRANT CREATE ON SCHEMA %1 TO %2，或由该模式的所有者导入 resources/sql/postgresql.sql；此后 %2 只需 idem_records 和 idem_counters 的 SELECT、INSERT、UPDATE、DELETE 权限。</translation>
    </message>
    <message>
        <source>The idem-console tables are missing in database %1 and user %2 may not create them: that needs the CREATE and INDEX privileges on %1. The server said: %3. Run GRANT CREATE, INDEX ON `%1`.* TO %2 once, or have an administrator load resources/sql/mysql.sql; after that %2 needs only SELECT, INSERT, UPDATE and DELETE on idem_records and idem_counters.</source>
        <translation>数据库 %1 中缺少 idem-console 的数据表，且用户 %2 无权创建：需要 %1 上的 CREATE 和 INDEX 权限。服务器返回：%3。请执行一次 GRANT CREATE, INDEX ON `%1`.* TO %2，或由管理员导入 resources/sql/mysql.sql；此后 %2 只需 idem_records 和 idem_counters 的 SELECT、INSERT、UPDATE、DELETE 权限。</translation>
    </message>
    <message>
        <source>The SQLite schema cannot be created: %1</source>
        <translation>无法创建 SQLite 表结构：%1</translation>
    </message>
    <message>
        <source>No store at %1: the file does not exist. Check the path; opening a store to read or to act on it never creates one (a service&apos;s guard does on its first write, or idemctl init).</source>
        <translation>%1 处没有存储：文件不存在。请检查路径；为读取或操作而打开存储时从不创建存储（服务的防护组件会在首次写入时创建，或使用 idemctl init）。</translation>
    </message>
    <message>
        <source>No store at %1: it is not a file.</source>
        <translation>%1 处没有存储：它不是文件。</translation>
    </message>
    <message>
        <source>%1 holds no idempotency store (no idem_records table). Nothing was created: opening a store to read or to act on it never creates one. Check the URL, or create the store with idemctl init.</source>
        <translation>%1 中没有幂等存储（没有 idem_records 表）。未创建任何内容：为读取或操作而打开存储时从不创建存储。请检查 URL，或用 idemctl init 创建存储。</translation>
    </message>
    <message>
        <source>The store at %1 is incomplete (%2 of its %3 tables and indexes); a read-only open does not add the rest. Open it once to write (idemctl init) to complete it.</source>
        <translation>%1 处的存储不完整（%3 个表和索引中只有 %2 个）；只读打开不会补全其余部分。请以写入方式打开一次（idemctl init）以补全。</translation>
    </message>
    <message>
        <source>The audit chain of scope %1 holds %2 entries but has no head: the head was deleted. Nothing was changed in scope %1; actions there stay blocked until the chain is looked at (idemctl audit verify). Other scopes go on.</source>
        <translation>作用域 %1 的审计链有 %2 个条目但没有链头：链头已被删除。作用域 %1 中未做任何更改；在检查该链之前（idemctl audit verify），该作用域中的操作将保持阻止。其他作用域照常进行。</translation>
    </message>
    <message>
        <source>the database driver gave no reason (error type %1, code &apos;%2&apos;); the connection may have been closed</source>
        <translation>数据库驱动未给出原因（错误类型 %1，代码“%2”）；连接可能已被关闭</translation>
    </message>
    <message>
        <source>unknown state &apos;%1&apos;</source>
        <translation>未知状态“%1”</translation>
    </message>
    <message>
        <source>%1=%2 is not a whole number</source>
        <translation>%1=%2 不是整数</translation>
    </message>
    <message>
        <source>Record %1/%2 in %3 cannot be read: %4. The engine never writes that; nothing is done to it. Inspect or delete the row.</source>
        <translation>%3 中的记录 %1/%2 无法读取：%4。引擎从不写入这样的值；不会对其执行任何操作。请检查或删除该行。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; was not applied to %2/%3: %4</source>
        <translation>未对 %2/%3 执行“%1”：%4</translation>
    </message>
    <message>
        <source>%1 holds no audit log yet (no idem_audit table). Nothing was created: a read-only open never creates one; the first operator action does.</source>
        <translation>%1 中还没有审计日志（没有 idem_audit 表）。未创建任何内容：只读打开从不创建审计日志；第一次操作员操作时才会创建。</translation>
    </message>
    <message>
        <source>Listing records</source>
        <translation>正在列出记录</translation>
    </message>
    <message>
        <source>its column %1 has a PostgreSQL type (oid %2) that the engine never uses</source>
        <translation>其列 %1 的 PostgreSQL 类型（oid %2）是引擎从不使用的类型</translation>
    </message>
    <message>
        <source>no connection to the server</source>
        <translation>与服务器之间没有连接</translation>
    </message>
    <message>
        <source>Claiming a record on %1 gave %2 rows of %3 columns, not one of %4.</source>
        <translation>在 %1 上占用记录返回了 %2 行、每行 %3 列，而不是一行 %4 列。</translation>
    </message>
    <message>
        <source>Record %1/%2 in %3 cannot be read: %4. The table was changed by hand; nothing is done to the record. Give the column back the type resources/sql/postgresql.sql declares.</source>
        <translation>%3 中的记录 %1/%2 无法读取：%4。该表被人手动修改过；未对该记录做任何操作。请把该列改回 resources/sql/postgresql.sql 声明的类型。</translation>
    </message>
    <message>
        <source>not counted: writing the counters of scope %1 failed (%2)</source>
        <translation>未计数：写入作用域 %1 的计数器失败（%2）</translation>
    </message>
    <message>
        <source>Counting &quot;%1&quot;</source>
        <translation>为“%1”计数</translation>
    </message>
    <message>
        <source>Proposal %1 is %2 already (by %3 at %4): nothing was changed.</source>
        <translation>提案 %1 已经%2（由 %3 于 %4）：未做任何更改。</translation>
    </message>
    <message>
        <source>Proposal %1 was %2 already, by %3 (%4) at %5: nothing was changed.</source>
        <translation>提案 %1 已经被%2，由 %3（%4）于 %5：未做任何更改。</translation>
    </message>
    <message>
        <source>Proposal %1 expired at %2: it can no longer be approved or rejected. Propose the action again.</source>
        <translation>提案 %1 已于 %2 过期：不能再批准或驳回。请重新提出该操作。</translation>
    </message>
    <message>
        <source>Proposal %1 was proposed by %2, and %2 may not approve or reject its own proposal: a second identity must decide (four eyes).</source>
        <translation>提案 %1 由 %2 提出，%2 不能批准或驳回自己的提案：须由另一身份决定（四眼原则）。</translation>
    </message>
    <message>
        <source>Proposal %1 is not the one that was shown (its hash is %2, not %3): nothing was changed.</source>
        <translation>提案 %1 不是所展示的那一个（其哈希为 %2，而非 %3）：未做任何更改。</translation>
    </message>
    <message>
        <source>Proposal %1 is not approved: nothing was changed.</source>
        <translation>提案 %1 未获批准：未做任何更改。</translation>
    </message>
    <message>
        <source>Proposal %1 does not expire before %2.</source>
        <translation>提案 %1 在 %2 之前不会过期。</translation>
    </message>
    <message>
        <source>Proposal %1 changed meanwhile: nothing was changed; look at it again.</source>
        <translation>提案 %1 在此期间已变化：未做任何更改；请重新查看。</translation>
    </message>
    <message>
        <source>Reading the four-eyes policy</source>
        <translation>读取四眼策略</translation>
    </message>
    <message>
        <source>Writing the four-eyes policy</source>
        <translation>写入四眼策略</translation>
    </message>
    <message>
        <source>Keeping proposal %1</source>
        <translation>保存提案 %1</translation>
    </message>
    <message>
        <source>Listing proposals</source>
        <translation>列出提案</translation>
    </message>
    <message>
        <source>Reading proposal %1</source>
        <translation>读取提案 %1</translation>
    </message>
    <message>
        <source>Approving proposal %1</source>
        <translation>批准提案 %1</translation>
    </message>
    <message>
        <source>Rejecting proposal %1</source>
        <translation>驳回提案 %1</translation>
    </message>
    <message>
        <source>Closing proposal %1</source>
        <translation>关闭提案 %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a role: viewer, operator or approver.</source>
        <translation>“%1”不是角色：应为 viewer、operator 或 approver。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a user name this can grant a role to: letters, digits and &apos;_&apos; only, up to 63, not starting with a digit. Grant it yourself (README, &quot;Roles and four eyes&quot;).</source>
        <translation>“%1”不是可授予角色的用户名：只能包含字母、数字和“_”，最多 63 个字符，且不能以数字开头。请自行授予（README，“角色与四眼原则”）。</translation>
    </message>
    <message>
        <source>Setting up the roles</source>
        <translation>设置角色</translation>
    </message>
    <message>
        <source>Setting up the roles (%1)</source>
        <translation>设置角色（%1）</translation>
    </message>
    <message>
        <source>Asking %1 who this session is and what it may do failed: %2</source>
        <translation>询问 %1 当前会话的身份和权限失败：%2</translation>
    </message>
    <message>
        <source>The server grants %1 no %2 on %3.</source>
        <translation>服务器未授予 %1 对 %3 的 %2 权限。</translation>
    </message>
    <message>
        <source>%1 has no proposals table yet: it was made before four eyes, and a read-only open adds nothing. Open it once to write (idemctl init) to add it.</source>
        <translation>%1 还没有提案表：它创建于四眼功能之前，只读打开不会添加任何东西。以写方式打开一次（idemctl init）即可添加。</translation>
    </message>
    <message>
        <source>Cannot commit on %1: %2</source>
        <translation>无法在 %1 上提交：%2</translation>
    </message>
    <message>
        <source>A threshold is a number of records, 0 or more.</source>
        <translation>阈值是记录数，须为 0 或更大。</translation>
    </message>
    <message>
        <source>A proposal must stay open for some time.</source>
        <translation>提案必须保持开放一段时间。</translation>
    </message>
    <message>
        <source>A proposal needs a valid id, a scope and records.</source>
        <translation>提案需要有效的编号、作用域和记录。</translation>
    </message>
    <message>
        <source>There is no proposal %1 in %2.</source>
        <translation>%2 中没有提案 %1。</translation>
    </message>
    <message>
        <source>Cannot connect to PostgreSQL: %1</source>
        <translation>无法连接 PostgreSQL：%1</translation>
    </message>
    <message>
        <source>PostgreSQL answered a pipelined statement out of turn</source>
        <translation>PostgreSQL 对流水线中的语句应答顺序错乱</translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message>
        <source>&quot;%1&quot; on %2/%3 was refused: an action on an in-flight record needs the age it was chosen by (a cutoff), and none was given. Nothing was changed.</source>
        <translation>对 %2/%3 的“%1”被拒绝：对处理中记录的操作需要提供选择它所依据的时长（截止时间），但未提供。未做任何更改。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; on %2/%3 was refused: its cutoff %4 is at or before 1970, which would match every attempt, even one that just started. Nothing was changed.</source>
        <translation>对 %2/%3 的“%1”被拒绝：其截止时间 %4 在 1970 年或之前，这会匹配所有尝试，包括刚刚开始的。未做任何更改。</translation>
    </message>
    <message>
        <source>This store has no cache step to retry: its actions are complete when applied.</source>
        <translation>此存储没有可重试的缓存步骤：其操作在执行时即已完成。</translation>
    </message>
    <message>
        <source>No request was kept with this record: its claim came before requests were kept, or its scope&apos;s policy keeps none (ScopePolicy::keepRequest).</source>
        <translation>此记录未保存请求：它的占用早于开始保存请求的版本，或其作用域的策略不保存请求（ScopePolicy::keepRequest）。</translation>
    </message>
    <message>
        <source>This store keeps no proposals: four eyes needs a native store (SQLite, PostgreSQL, MySQL/MariaDB or Redis); a foreign layout&apos;s actions apply at once.</source>
        <translation>此存储不保存提案：四眼功能需要原生存储（SQLite、PostgreSQL、MySQL/MariaDB 或 Redis）；外部布局的操作会立即应用。</translation>
    </message>
    <message>
        <source>Roles are the server&apos;s: PostgreSQL, MySQL/MariaDB and Redis have them. SQLite has no users (the file&apos;s permissions decide), and a foreign layout&apos;s store belongs to its service.</source>
        <translation>角色由服务器提供：PostgreSQL、MySQL/MariaDB 和 Redis 都有。SQLite 没有用户（由文件权限决定），外部布局的存储属于其服务。</translation>
    </message>
</context>
<context>
    <name>StoreAccess</name>
    <message>
        <source>every right (operator and approver)</source>
        <translation>全部权限（操作员和审批人）</translation>
    </message>
    <message>
        <source>operator (may act and propose)</source>
        <translation>操作员（可执行操作和提出提案）</translation>
    </message>
    <message>
        <source>approver (may approve proposals)</source>
        <translation>审批人（可批准提案）</translation>
    </message>
    <message>
        <source>viewer (read only)</source>
        <translation>查看者（只读）</translation>
    </message>
    <message>
        <source>no server identity (SQLite has no users)</source>
        <translation>无服务器身份（SQLite 没有用户）</translation>
    </message>
    <message>
        <source>unknown (the server would not say)</source>
        <translation>未知（服务器未告知）</translation>
    </message>
</context>
<context>
    <name>StoreEntryForm</name>
    <message>
        <source>Remember in the system keychain</source>
        <translation>记住密码（保存到系统钥匙串）</translation>
    </message>
    <message>
        <source>From an environment variable:</source>
        <translation>从环境变量读取：</translation>
    </message>
    <message>
        <source>e.g. Payments primary (optional)</source>
        <translation>例如：支付主库（可选）</translation>
    </message>
    <message>
        <source>SQLite file</source>
        <translation>SQLite 文件</translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation>PostgreSQL</translation>
    </message>
    <message>
        <source>MySQL / MariaDB</source>
        <translation>MySQL / MariaDB</translation>
    </message>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>/var/lib/idem/records.db</source>
        <translation>/var/lib/idem/records.db</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>db.example.internal or 10.0.0.5</source>
        <translation>db.example.internal 或 10.0.0.5</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>driver default (prefer)</source>
        <translation>驱动默认值（prefer）</translation>
    </message>
    <message>
        <source>kept in memory only unless remembered</source>
        <translation>未勾选“记住密码”时仅保存在内存中</translation>
    </message>
    <message>
        <source>the default for the kind</source>
        <translation>该类型的默认值</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主机：</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>端口：</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>数据库：</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户名：</translation>
    </message>
    <message>
        <source>SSL mode:</source>
        <translation>SSL 模式：</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL：</translation>
    </message>
    <message>
        <source>An environment variable name has letters, digits and &apos;_&apos; only, e.g. IDEM_PG_PASSWORD.</source>
        <translation>环境变量名只能包含字母、数字和 &apos;_&apos;，例如 IDEM_PG_PASSWORD。</translation>
    </message>
    <message>
        <source>DB number:</source>
        <translation>数据库编号：</translation>
    </message>
    <message>
        <source>0</source>
        <translation>0</translation>
    </message>
    <message>
        <source>idem</source>
        <translation>idem</translation>
    </message>
    <message>
        <source>stored in the system keychain; type to replace it</source>
        <translation>已保存在系统钥匙串中；输入新密码即可替换</translation>
    </message>
    <message>
        <source>SQLite store file</source>
        <translation>SQLite 存储文件</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation>SQLite 数据库 (*.db *.sqlite *.sqlite3);;所有文件 (*)</translation>
    </message>
    <message>
        <source>(incomplete)</source>
        <translation>（未填写完整）</translation>
    </message>
    <message>
        <source>Open read-only: browse and report; the store refuses operator actions</source>
        <translation>以只读方式打开：可浏览和生成报告；存储会拒绝操作员操作</translation>
    </message>
    <message>
        <source>native (idem-console&apos;s own)</source>
        <translation>native（idem-console 自有）</translation>
    </message>
    <message>
        <source>go-middleware</source>
        <translation>go-middleware</translation>
    </message>
    <message>
        <source>java-handler</source>
        <translation>java-handler</translation>
    </message>
    <message>
        <source>Layout file…</source>
        <translation>布局文件…</translation>
    </message>
    <message>
        <source>How the store keeps its records: the console&apos;s own layout, or the layout of the service that writes them</source>
        <translation>存储保存记录的方式：控制台自有布局，或写入记录的服务所用的布局</translation>
    </message>
    <message>
        <source>/etc/idem/layouts/orders.json</source>
        <translation>/etc/idem/layouts/orders.json</translation>
    </message>
    <message>
        <source>The SQL database that keeps the audit log of this store&apos;s operator actions (sqlite:///path.db, postgresql://… or mysql://…); empty: a local SQLite file</source>
        <translation>保存此存储运维操作审计日志的 SQL 数据库（sqlite:///path.db、postgresql://… 或 mysql://…）；留空：本地 SQLite 文件</translation>
    </message>
    <message>
        <source>the layout&apos;s default</source>
        <translation>布局的默认值</translation>
    </message>
    <message>
        <source>Keys the Redis server looks at per SCAN round trip (COUNT), %1 to %2</source>
        <translation>每次 SCAN 往返 Redis 服务器检查的键数（COUNT），%1 到 %2</translation>
    </message>
    <message>
        <source>Layout:</source>
        <translation>布局：</translation>
    </message>
    <message>
        <source>Layout file:</source>
        <translation>布局文件：</translation>
    </message>
    <message>
        <source>Audit log:</source>
        <translation>审计日志：</translation>
    </message>
    <message>
        <source>Cache:</source>
        <translation>缓存：</translation>
    </message>
    <message>
        <source>SCAN COUNT:</source>
        <translation>SCAN COUNT：</translation>
    </message>
    <message>
        <source>Choose the layout file (a JSON file that maps the store onto records), or another layout.</source>
        <translation>请选择布局文件（把存储映射为记录的 JSON 文件），或选择其他布局。</translation>
    </message>
    <message>
        <source>Layout file</source>
        <translation>布局文件</translation>
    </message>
    <message>
        <source>Layout files (*.json);;All files (*)</source>
        <translation>布局文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>empty: a local SQLite file</source>
        <translation>留空：本地 SQLite 文件</translation>
    </message>
    <message>
        <source>default: %1</source>
        <translation>默认：%1</translation>
    </message>
    <message>
        <source>Empty: the audit log is kept in %1</source>
        <translation>留空：审计日志保存在 %1</translation>
    </message>
    <message>
        <source>redis://cache.internal:6379/0, or none</source>
        <translation>redis://cache.internal:6379/0，或 none</translation>
    </message>
    <message>
        <source>The service&apos;s Redis cache of idem:&lt;id&gt; keys, updated together with the record. Required to act on the records; &quot;none&quot; when the service runs without one.</source>
        <translation>该服务存放 idem:&lt;id&gt; 键的 Redis 缓存，与记录一同更新。对记录执行操作时必须给出；若服务不使用缓存，填 &quot;none&quot;。</translation>
    </message>
    <message>
        <source>Redis Cluster: more nodes, e.g. 10.0.0.2:6379, 10.0.0.3:6379</source>
        <translation>Redis Cluster：更多节点，例如 10.0.0.2:6379, 10.0.0.3:6379</translation>
    </message>
    <message>
        <source>A Redis Cluster is found from the host above alone; more seed nodes let the console reach it while that node is down. Leave empty for a single server.</source>
        <translation>仅凭上面的主机即可找到 Redis Cluster；多填几个种子节点，可在该节点宕机时仍能连上集群。单台服务器请留空。</translation>
    </message>
    <message>
        <source>Seed nodes:</source>
        <translation>种子节点：</translation>
    </message>
    <message>
        <source>optional: http://host:9090</source>
        <translation>可选：http://host:9090</translation>
    </message>
    <message>
        <source>A Prometheus server to take the hit, execute and anomaly counters from (the layout file&apos;s &quot;metrics&quot; mapping, else the idemctl exporter&apos;s metrics). Records, in-flight lists and actions still come from the store.</source>
        <translation>用于获取命中、执行和异常计数的 Prometheus 服务器（使用布局文件的 &quot;metrics&quot; 映射，否则使用 idemctl exporter 的指标）。记录、处理中列表和操作仍来自存储。</translation>
    </message>
    <message>
        <source>Prometheus:</source>
        <translation>Prometheus：</translation>
    </message>
</context>
<context>
    <name>StoreUrl</name>
    <message>
        <source>The store URL is empty. Use e.g. sqlite:///var/lib/idem/records.db</source>
        <translation>存储 URL 为空。示例：sqlite:///var/lib/idem/records.db</translation>
    </message>
    <message>
        <source>The store URL &apos;%1&apos; is malformed: %2</source>
        <translation>存储 URL &apos;%1&apos; 格式错误：%2</translation>
    </message>
    <message>
        <source>A SQLite URL has no host: write sqlite:///absolute/path.db (three slashes).</source>
        <translation>SQLite URL 不含主机部分：请写成 sqlite:///absolute/path.db（三个斜杠）。</translation>
    </message>
    <message>
        <source>A SQLite URL needs an absolute file path: sqlite:///absolute/path.db</source>
        <translation>SQLite URL 须使用文件的绝对路径：sqlite:///absolute/path.db</translation>
    </message>
    <message>
        <source>Unknown store scheme &apos;%1&apos;: use sqlite, postgresql, mysql or redis.</source>
        <translation>未知的存储 URL 协议 &apos;%1&apos;：请使用 sqlite、postgresql、mysql 或 redis。</translation>
    </message>
    <message>
        <source>The store URL &apos;%1&apos; has no host.</source>
        <translation>存储 URL &apos;%1&apos; 缺少主机。</translation>
    </message>
    <message>
        <source>A Redis URL ends with a database number, e.g. redis://host:6379/0, not &apos;%1&apos;.</source>
        <translation>Redis URL 须以数据库编号结尾（例如 redis://host:6379/0），当前为 &apos;%1&apos;。</translation>
    </message>
    <message>
        <source>The store URL &apos;%1&apos; needs a database name after the port, e.g. %2://user@host:port/idem.</source>
        <translation>存储 URL &apos;%1&apos; 须在端口后写明数据库名，例如 %2://user@host:port/idem。</translation>
    </message>
    <message>
        <source>The store URL option &apos;%1&apos; is not known for a %2 URL. Accepted options: %3.</source>
        <translation>存储 URL 选项“%1”不适用于 %2 URL。可用的选项：%3。</translation>
    </message>
    <message>
        <source>The store URL option %1 must be a whole number from %2 to %3, not &apos;%4&apos;.</source>
        <translation>存储 URL 选项 %1 必须是 %2 到 %3 之间的整数，而不是“%4”。</translation>
    </message>
    <message>
        <source>The store URL option %1: %2</source>
        <translation>存储 URL 选项 %1：%2</translation>
    </message>
    <message>
        <source>The store URL option %1 must be one of %2, not &apos;%3&apos;.</source>
        <translation>存储 URL 选项 %1 必须是 %2 之一，而不是“%3”。</translation>
    </message>
    <message>
        <source>The store URL gives the option &apos;%1&apos; twice: give it once.</source>
        <translation>存储 URL 中选项“%1”出现了两次：只能写一次。</translation>
    </message>
    <message>
        <source>A Redis URL ends with a database number, e.g. redis://host:6379/0; what follows the port here is not one.</source>
        <translation>Redis URL 以数据库编号结尾，例如 redis://host:6379/0；此处端口后面的内容不是数据库编号。</translation>
    </message>
    <message>
        <source>The store URL&apos;s user name contains &apos;:&apos; (perhaps written as %3A): a &apos;:&apos; there separates the user from the password. Give the password in its variable instead.</source>
        <translation>存储 URL 的用户名中含有“:”（可能写成了 %3A）：在这个位置“:”用来分隔用户名和密码。请改用对应的环境变量提供密码。</translation>
    </message>
    <message>
        <source>The store URL has an option whose name is not a word (a mistyped &apos;=&apos; or &apos;&amp;&apos;?). Accepted options for a %1 URL: %2.</source>
        <translation>存储 URL 中有一个选项名不是单词（是否把“=”或“&amp;”打错了？）。%1 URL 可用的选项：%2。</translation>
    </message>
    <message>
        <source>(not shown: it may hold a password)</source>
        <translation>（未显示：其中可能含有密码）</translation>
    </message>
    <message>
        <source>A Redis Cluster URL lists at most 64 seed nodes, not %1.</source>
        <translation>Redis Cluster URL 最多列出 64 个种子节点，而不是 %1 个。</translation>
    </message>
    <message>
        <source>The Redis Cluster seed node &apos;%1&apos; is not host:port (e.g. redis://10.0.0.1:6379,10.0.0.2:6379/0).</source>
        <translation>Redis Cluster 种子节点“%1”不是 host:port 格式（例如 redis://10.0.0.1:6379,10.0.0.2:6379/0）。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Prometheus server&apos;s address: give http://host:port (e.g. http://127.0.0.1:9090), without /api/v1.</source>
        <translation>“%1”不是 Prometheus 服务器的地址：请给出 http://host:port（例如 http://127.0.0.1:9090），不含 /api/v1。</translation>
    </message>
    <message>
        <source>The Prometheus address must not hold a user or password.</source>
        <translation>Prometheus 地址中不能包含用户或密码。</translation>
    </message>
    <message>
        <source>Give the Prometheus server&apos;s address only (http://host:port, or its path prefix), without /api/v1, a query or a fragment: not &apos;%1&apos;.</source>
        <translation>请只给出 Prometheus 服务器的地址（http://host:port 或其路径前缀），不含 /api/v1、查询或片段：而不是“%1”。</translation>
    </message>
</context>
<context>
    <name>StoreUrlFields</name>
    <message>
        <source>%1 contains a control or invisible character at position %2; remove it.</source>
        <translation>%1：位置 %2 处有控制字符或不可见字符，请删除。</translation>
    </message>
    <message>
        <source>The file path</source>
        <translation>文件路径</translation>
    </message>
    <message>
        <source>Choose the SQLite file (it is created if missing).</source>
        <translation>选择 SQLite 文件（不存在时将自动创建）。</translation>
    </message>
    <message>
        <source>The file path is %1 characters long; at most %2 are allowed.</source>
        <translation>文件路径长度为 %1 个字符，最多允许 %2 个。</translation>
    </message>
    <message>
        <source>The SQLite store needs an absolute file path, e.g. /var/lib/idem/records.db, not %1.</source>
        <translation>SQLite 存储须使用绝对文件路径（例如 /var/lib/idem/records.db），当前为 %1。</translation>
    </message>
    <message>
        <source>Enter the server&apos;s host name or IP address.</source>
        <translation>输入服务器的主机名或 IP 地址。</translation>
    </message>
    <message>
        <source>The host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>The host name is %1 characters long; at most %2 are allowed.</source>
        <translation>主机名长度为 %1 个字符，最多允许 %2 个。</translation>
    </message>
    <message>
        <source>The host %1 is not a host name or IP address: use letters, digits, &apos;-&apos; and &apos;.&apos;, or an IPv6 address.</source>
        <translation>主机 %1 不是有效的主机名或 IP 地址：只能使用字母、数字、&apos;-&apos; 和 &apos;.&apos;，或填写 IPv6 地址。</translation>
    </message>
    <message>
        <source>The port must be between 1 and 65535.</source>
        <translation>端口须在 1 到 65535 之间。</translation>
    </message>
    <message>
        <source>A Redis database is a number such as 0, not %1.</source>
        <translation>Redis 数据库须为数字（例如 0），当前为 %1。</translation>
    </message>
    <message>
        <source>Enter the database name, e.g. idem.</source>
        <translation>输入数据库名，例如 idem。</translation>
    </message>
    <message>
        <source>The database name</source>
        <translation>数据库名</translation>
    </message>
    <message>
        <source>The database name is %1 characters long; at most %2 are allowed.</source>
        <translation>数据库名长度为 %1 个字符，最多允许 %2 个。</translation>
    </message>
    <message>
        <source>The database name %1 may only contain letters, digits, &apos;_&apos;, &apos;$&apos; and &apos;-&apos;, and must start with a letter or &apos;_&apos;.</source>
        <translation>数据库名 %1 只能包含字母、数字、&apos;_&apos;、&apos;$&apos; 和 &apos;-&apos;，且须以字母或 &apos;_&apos; 开头。</translation>
    </message>
    <message>
        <source>The user name</source>
        <translation>用户名</translation>
    </message>
    <message>
        <source>The user name is %1 characters long; at most %2 are allowed.</source>
        <translation>用户名长度为 %1 个字符，最多允许 %2 个。</translation>
    </message>
    <message>
        <source>The user name %1 may only contain letters, digits and _ . @ $ + -.</source>
        <translation>用户名 %1 只能包含字母、数字和 _ . @ $ + -。</translation>
    </message>
    <message>
        <source>Unknown sslmode %1: use one of %2.</source>
        <translation>未知的 sslmode %1：请使用以下值之一：%2。</translation>
    </message>
    <message>
        <source>The URL option %1 is not a valid option name.</source>
        <translation>URL 选项 %1 不是有效的选项名。</translation>
    </message>
    <message>
        <source>The URL option %1</source>
        <translation>URL 选项 %1</translation>
    </message>
    <message>
        <source>The URL option %1 is too long.</source>
        <translation>URL 选项 %1 过长。</translation>
    </message>
    <message>
        <source>%1 is %2 characters long; at most %3 are allowed.</source>
        <translation>%1 长 %2 个字符；最多允许 %3 个。</translation>
    </message>
    <message>
        <source>%1 is not a store URL: %2</source>
        <translation>%1 不是存储 URL：%2</translation>
    </message>
    <message>
        <source>%1 must be a Redis URL such as redis://cache.internal:6379/0, not %2.</source>
        <translation>%1 必须是 Redis URL，例如 redis://cache.internal:6379/0，而不是 %2。</translation>
    </message>
    <message>
        <source>%1 must be a SQL database (sqlite:///path.db, postgresql://… or mysql://…), not Redis.</source>
        <translation>%1 必须是 SQL 数据库（sqlite:///path.db、postgresql://… 或 mysql://…），不能是 Redis。</translation>
    </message>
    <message>
        <source>%1 must not contain a password: it would be saved with the store. Set it in the server&apos;s password variable (e.g. IDEM_PG_PASSWORD) instead.</source>
        <translation>%1 不能包含密码：它会随存储一起保存。请改为在对应服务器的密码环境变量（例如 IDEM_PG_PASSWORD）中设置。</translation>
    </message>
    <message>
        <source>%1 must not name a layout of its own.</source>
        <translation>%1 不能自行指定布局。</translation>
    </message>
    <message>
        <source>The layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>The layout file path is %1 characters long; at most %2 are allowed.</source>
        <translation>布局文件路径长 %1 个字符；最多允许 %2 个。</translation>
    </message>
    <message>
        <source>A layout file needs an absolute path, e.g. /etc/idem/layouts/orders.json, not %1.</source>
        <translation>布局文件需要绝对路径，例如 /etc/idem/layouts/orders.json，而不是 %1。</translation>
    </message>
    <message>
        <source>The %1 layout is kept in Redis or PostgreSQL, as its service writes it; choose one of those kinds.</source>
        <translation>%1 布局保存在 Redis 或 PostgreSQL 中（与其服务的写入方式一致）；请选择其中一种。</translation>
    </message>
    <message>
        <source>The %1 layout is kept in Redis or MySQL, as its service writes it; choose one of those kinds.</source>
        <translation>%1 布局保存在 Redis 或 MySQL 中（与其服务的写入方式一致）；请选择其中一种。</translation>
    </message>
    <message>
        <source>The audit log location applies to a foreign layout only; a native store keeps its own audit log.</source>
        <translation>审计日志位置只适用于外部布局；原生存储自带审计日志。</translation>
    </message>
    <message>
        <source>The audit log location</source>
        <translation>审计日志位置</translation>
    </message>
    <message>
        <source>The cache URL applies to a java-handler layout on MySQL only.</source>
        <translation>缓存 URL 只适用于 MySQL 上的 java-handler 布局。</translation>
    </message>
    <message>
        <source>The cache URL</source>
        <translation>缓存 URL</translation>
    </message>
    <message>
        <source>SCAN COUNT applies to a foreign layout on Redis only.</source>
        <translation>SCAN COUNT 只适用于 Redis 上的外部布局。</translation>
    </message>
    <message>
        <source>SCAN COUNT must be between %1 and %2.</source>
        <translation>SCAN COUNT 必须在 %1 到 %2 之间。</translation>
    </message>
    <message>
        <source>Seed nodes are for a Redis Cluster only.</source>
        <translation>种子节点仅用于 Redis Cluster。</translation>
    </message>
    <message>
        <source>A seed node</source>
        <translation>种子节点</translation>
    </message>
    <message>
        <source>The seed node %1 is not host:port (e.g. 10.0.0.2:6379).</source>
        <translation>种子节点 %1 不是 host:port 格式（例如 10.0.0.2:6379）。</translation>
    </message>
    <message>
        <source>A Redis Cluster has only database 0.</source>
        <translation>Redis Cluster 只有 0 号数据库。</translation>
    </message>
</context>
<context>
    <name>TimeoutPreviewPage</name>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <source>Nothing has changed yet. These records would be marked timed out.</source>
        <translation>尚未做任何更改。以下记录将被标记为超时。</translation>
    </message>
    <message>
        <source>Preview again</source>
        <translation>重新预览</translation>
    </message>
    <message>
        <source>Reading the in-flight records …</source>
        <translation>正在读取处理中的记录…</translation>
    </message>
    <message>
        <source>Reading records</source>
        <translation>正在读取记录</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b71c1c&apos;&gt;The preview failed: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b71c1c&apos;&gt;预览失败：%1&lt;/span&gt;</translation>
    </message>
    <message>
        <source>No in-flight record matches: there is nothing to mark timed out.</source>
        <translation>没有匹配的处理中记录：无需标记超时。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; record(s) match; the oldest has been in flight for &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 条记录匹配；最久的一条已处理中 &lt;b&gt;%2&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Stopped: only the %1 record(s) read so far are shown. Preview again to apply.</source>
        <translation>已停止：仅显示目前已读取的 %1 条记录。请重新预览后再执行。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>及另外 %1 个</translation>
    </message>
    <message>
        <source>Owners: %1</source>
        <translation>持有者：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) cannot be read and are left out: %1. The in-flight view shows why.</source>
        <translation>
            <numerusform>%n 条记录无法读取，已排除：%1。处理中视图会显示原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing has changed yet. These records would be deleted, so their clients may resubmit.</source>
        <translation>尚未做任何更改。这些记录将被删除，以便客户端可以重新提交。</translation>
    </message>
    <message>
        <source>Nothing has changed yet. These records would be released (deleted), so their clients may resubmit.</source>
        <translation>尚未做任何更改。这些记录将被释放（删除），其客户端可以重新提交。</translation>
    </message>
    <message>
        <source>None of the selected records is still in flight and old enough: there is nothing to mark timed out.</source>
        <translation>所选记录中没有仍在处理中且足够久的：没有可标记为超时的记录。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; included, &lt;b&gt;%2&lt;/b&gt; excluded (left as they are).</source>
        <translation>包含 &lt;b&gt;%1&lt;/b&gt; 条，排除 &lt;b&gt;%2&lt;/b&gt; 条（保持原样）。</translation>
    </message>
    <message>
        <source>%1 (%2 records, %3 processes)</source>
        <translation>%1（%2 条记录，%3 个进程）</translation>
    </message>
</context>
<context>
    <name>TimeoutScopePage</name>
    <message>
        <source>Which records</source>
        <translation>选择记录</translation>
    </message>
    <message>
        <source>In-flight records whose current attempt started longer ago than the threshold are marked timed out, so their clients may resubmit.</source>
        <translation>当前尝试的开始时间早于阈值的处理中记录将被标记为超时，其客户端随后可以重新提交。</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>作用域：</translation>
    </message>
    <message>
        <source>In flight for longer than:</source>
        <translation>处理中时长超过：</translation>
    </message>
    <message>
        <source>The default of 10 minutes matches the in-flight timeout of the guard; a record younger than its request&apos;s own timeout may still finish.</source>
        <translation>默认值 10 分钟与防护组件（guard）的处理中超时一致；时长尚未达到其请求自身超时的记录仍可能完成。</translation>
    </message>
    <message>
        <source>In-flight records whose request started longer ago than the threshold are deleted (the go-middleware layout has no timed-out state), so their clients may resubmit. Each is audited first.</source>
        <translation>请求开始时间早于阈值的处理中记录将被删除（go-middleware 布局没有超时状态），以便客户端可以重新提交。每条记录都会先写入审计日志。</translation>
    </message>
    <message>
        <source>In-flight records whose request started longer ago than the threshold get the layout&apos;s timeout status (%1), or are released. Read below what the service does next.</source>
        <translation>请求开始时间早于阈值的处理中记录将被设为该布局的超时状态（%1），或被释放。请阅读下方说明，了解服务接下来会怎么做。</translation>
    </message>
    <message>
        <source>Release instead: delete each record (and its cache key), so its client may resubmit</source>
        <translation>改为释放：删除每条记录（及其缓存键），使其客户端可以重新提交</translation>
    </message>
    <message>
        <source>Next: released records are deleted; the service runs the request again when its client resubmits.</source>
        <translation>接下来：被释放的记录会被删除；客户端重新提交时，服务会再次执行该请求。</translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>接下来：%1</translation>
    </message>
    <message>
        <source>Records:</source>
        <translation>记录：</translation>
    </message>
    <message>
        <source>Selected records</source>
        <translation>所选记录</translation>
    </message>
    <message numerus="yes">
        <source>The %n selected record(s) (scope %1), each read again for the preview</source>
        <translation>
            <numerusform>所选的 %n 条记录（作用域 %1），预览时逐条重新读取</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimeoutSweep</name>
    <message>
        <source>marking records timed out</source>
        <translation>正在将记录标记为超时</translation>
    </message>
    <message>
        <source>The guard runs the request again when its client resubmits (a new attempt of the same key).</source>
        <translation>客户端重新提交时，防护组件会再次执行该请求（同一个键的新一次尝试）。</translation>
    </message>
    <message>
        <source>The record is deleted (this layout has no timed-out state): the service runs the request again when its client resubmits.</source>
        <translation>记录会被删除（该布局没有超时状态）：客户端重新提交时，服务会再次执行该请求。</translation>
    </message>
    <message>
        <source>The java-handler service does not run a record again once its row holds %1: the next request with that id hits the row&apos;s unique key and gets the stored, empty response. Release the record instead (the row and its cache key are deleted) to let the client resubmit.</source>
        <translation>一旦某行的状态为 %1，java-handler 服务就不会再次执行该记录：带该 id 的下一个请求会撞上该行的唯一键，并得到已存储的空响应。若要让客户端重新提交，请改为释放该记录（删除该行及其缓存键）。</translation>
    </message>
    <message>
        <source>releasing records</source>
        <translation>释放记录</translation>
    </message>
    <message>
        <source>Warning: in-flight records start up to %1 h %2 min in the future, so their age reads 0 and no age threshold matches them. A timestamp column without a zone is probably read in another zone than the service writes it in. %3</source>
        <translation>警告：有处理中的记录的开始时间最多在未来 %1 小时 %2 分钟，因此其时长显示为 0，任何时长阈值都匹配不到它们。很可能是不带时区的时间戳列被按与服务写入时不同的时区读取了。%3</translation>
    </message>
    <message>
        <source>Check the clocks of the service&apos;s hosts.</source>
        <translation>请检查服务所在主机的时钟。</translation>
    </message>
</context>
<context>
    <name>TimeoutWizard</name>
    <message>
        <source>Mark stuck records timed out</source>
        <translation>将卡住的记录标记为超时</translation>
    </message>
    <message>
        <source>Mark timed out</source>
        <translation>标记为超时</translation>
    </message>
    <message>
        <source>Marking timed out</source>
        <translation>正在标记为超时</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) will be released (deleted); their clients may resubmit.</source>
        <translation>
            <numerusform>将释放（删除）%n 条记录；其客户端可以重新提交。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) will be marked timed out.</source>
        <translation>
            <numerusform>将把 %n 条记录标记为超时。</numerusform>
        </translation>
    </message>
    <message>
        <source>Releasing</source>
        <translation>正在释放</translation>
    </message>
    <message numerus="yes">
        <source>%n excluded record(s) are left as they are.</source>
        <translation>
            <numerusform>%n 条被排除的记录保持原样。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release %n selected record(s)?</source>
        <translation>
            <numerusform>释放所选 %n 条记录？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time out %n selected record(s)?</source>
        <translation>
            <numerusform>将所选 %n 条记录标记为超时？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release %n record(s)</source>
        <translation>
            <numerusform>释放 %n 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time out %n record(s)</source>
        <translation>
            <numerusform>将 %n 条记录标记为超时</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time out %n selected record(s)</source>
        <translation>
            <numerusform>将所选 %n 条记录标记为超时</numerusform>
        </translation>
    </message>
    <message>
        <source>Release stuck records</source>
        <translation>释放卡住的记录</translation>
    </message>
    <message numerus="yes">
        <source>Release %n selected record(s)</source>
        <translation>
            <numerusform>释放所选 %n 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release %n record(s), propose %1</source>
        <translation>
            <numerusform>释放 %n 条记录，%1 条保存为提案</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time out %n record(s), propose %1</source>
        <translation>
            <numerusform>将 %n 条记录标记为超时，%1 条保存为提案</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idemctl</name>
    <message>
        <source>unknown command &apos;%1&apos;.</source>
        <translation>未知命令 &apos;%1&apos;。</translation>
    </message>
    <message>
        <source>idemctl: %1</source>
        <translation>idemctl: %1</translation>
    </message>
    <message>
        <source>Run &apos;idemctl --help&apos; or &apos;idemctl COMMAND --help&apos;.</source>
        <translation>请运行 &apos;idemctl --help&apos; 或 &apos;idemctl COMMAND --help&apos; 查看帮助。</translation>
    </message>
    <message>
        <source>headers are not a JSON list of pairs</source>
        <translation>headers 不是 JSON 键值对列表</translation>
    </message>
    <message>
        <source>Store URL (sqlite:///path.db, postgresql://…, mysql://…, redis://…); default $IDEM_STORE.</source>
        <translation>存储 URL（sqlite:///path.db、postgresql://…、mysql://…、redis://…）；默认取 $IDEM_STORE。</translation>
    </message>
    <message>
        <source>Print machine-readable JSON.</source>
        <translation>输出机器可读的 JSON。</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;.</source>
        <translation>多余的参数 &apos;%1&apos;。</translation>
    </message>
    <message>
        <source>no store given: pass --store URL or set IDEM_STORE.</source>
        <translation>未指定存储：请传入 --store URL 或设置 IDEM_STORE。</translation>
    </message>
    <message>
        <source>Drive sales-event traffic through the guard and print live counters once a second.</source>
        <translation>模拟大促流量经过幂等保护层，并每秒输出一次实时计数。</translation>
    </message>
    <message>
        <source>New journeys (checkouts, callbacks) per second (default 50).</source>
        <translation>每秒新发起的交易流程数（下单、回调），默认 50。</translation>
    </message>
    <message>
        <source>Stop after this many seconds (default: run until interrupted).</source>
        <translation>运行指定秒数后停止（默认一直运行，直到被中断）。</translation>
    </message>
    <message>
        <source>--rate must be a whole number from 1 to 100000.</source>
        <translation>--rate 须为 1 到 100000 之间的整数。</translation>
    </message>
    <message>
        <source>--seconds must be a whole number, 0 for no limit.</source>
        <translation>--seconds 须为整数，0 表示不限时长。</translation>
    </message>
    <message>
        <source>The demo writes its orders table beside the records and needs a SQL store.</source>
        <translation>演示会在记录所在的库中写入订单表，因此需要 SQL 存储。</translation>
    </message>
    <message>
        <source>Demo on %1 at %2 journeys/s; Ctrl-C stops.</source>
        <translation>在 %1 上运行演示，每秒 %2 个交易流程；按 Ctrl-C 停止。</translation>
    </message>
    <message>
        <source>t=%1s executed=%2 replayed=%3 in_progress=%4 mismatch=%5 released=%6 late_finish=%7 store_errors=%8 hit=%9% in_flight=%10 stuck=%11</source>
        <translation>t=%1s executed=%2 replayed=%3 in_progress=%4 mismatch=%5 released=%6 late_finish=%7 store_errors=%8 hit=%9% in_flight=%10 stuck=%11</translation>
    </message>
    <message>
        <source>Press test: many concurrent guarded requests on few keys; the business action counts its executions.</source>
        <translation>压测：在少量键上发起大量受幂等保护的并发请求；由业务操作自行统计执行次数。</translation>
    </message>
    <message>
        <source>Scope of the press keys (default press).</source>
        <translation>压测所用键的作用域（默认 press）。</translation>
    </message>
    <message>
        <source>Client threads.</source>
        <translation>客户端线程数。</translation>
    </message>
    <message>
        <source>Guarded requests in all.</source>
        <translation>受幂等保护的请求总数。</translation>
    </message>
    <message>
        <source>Distinct keys press-0 … press-(K-1) (default 1).</source>
        <translation>不同键的数量，键名为 press-0 … press-(K-1)（默认 1）。</translation>
    </message>
    <message>
        <source>Duration of the business action in ms (default 20).</source>
        <translation>业务操作耗时，单位 ms（默认 20）。</translation>
    </message>
    <message>
        <source>A client that gets 409 waits its Retry-After and tries again.</source>
        <translation>客户端收到 409 后，按 Retry-After 等待并重试。</translation>
    </message>
    <message>
        <source>press needs --concurrency N and --requests M.</source>
        <translation>press 需要 --concurrency N 和 --requests M。</translation>
    </message>
    <message>
        <source>--concurrency must be a whole number from 1 to 2000.</source>
        <translation>--concurrency 须为 1 到 2000 之间的整数。</translation>
    </message>
    <message>
        <source>--requests must be a whole number of at least 1.</source>
        <translation>--requests 须为不小于 1 的整数。</translation>
    </message>
    <message>
        <source>--keys must be a whole number of at least 1.</source>
        <translation>--keys 须为不小于 1 的整数。</translation>
    </message>
    <message>
        <source>--work-ms must be a whole number from 0 to 60000.</source>
        <translation>--work-ms 须为 0 到 60000 之间的整数。</translation>
    </message>
    <message>
        <source>%1 requests on %2 key(s) from %3 threads in %4 s: executed=%5 replayed=%6 in_progress=%7 mismatch=%8 errors=%9</source>
        <translation>%3 个线程在 %4 秒内对 %2 个键发起 %1 个请求：executed=%5 replayed=%6 in_progress=%7 mismatch=%8 errors=%9</translation>
    </message>
    <message>
        <source>exactly once: %1, consistent responses: %2, p50 %3 ms, p99 %4 ms</source>
        <translation>恰好执行一次：%1，响应一致：%2，p50 %3 ms，p99 %4 ms</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>NO</source>
        <translation>否</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Counters per scope over the last minutes, record counts by state and stuck records.</source>
        <translation>最近若干分钟内各作用域的计数、按状态统计的记录数，以及卡住的记录。</translation>
    </message>
    <message>
        <source>Only this scope.</source>
        <translation>仅限此作用域。</translation>
    </message>
    <message>
        <source>Window of the counters in minutes (default 60).</source>
        <translation>计数的统计窗口，单位分钟（默认 60）。</translation>
    </message>
    <message>
        <source>--minutes must be a whole number of at least 1.</source>
        <translation>--minutes 须为不小于 1 的整数。</translation>
    </message>
    <message>
        <source>%1: %2 hit=%3 in_flight=%4 completed=%5 timed_out=%6 stuck=%7</source>
        <translation>%1: %2 hit=%3 in_flight=%4 completed=%5 timed_out=%6 stuck=%7</translation>
    </message>
    <message>
        <source>No records and no counters in the last %1 minutes.</source>
        <translation>最近 %1 分钟内既没有记录，也没有计数。</translation>
    </message>
    <message>
        <source>Only attempts older than this (e.g. 10m, 90s, 2h).</source>
        <translation>仅列出已持续超过此时长的尝试（例如 10m、90s、2h）。</translation>
    </message>
    <message>
        <source>At most this many rows (default 100).</source>
        <translation>最多返回的行数（默认 100）。</translation>
    </message>
    <message>
        <source>--limit must be a whole number from 1 to 1000000.</source>
        <translation>--limit 须为 1 到 1000000 之间的整数。</translation>
    </message>
    <message>
        <source>%1 in-flight record(s) match; showing %2.</source>
        <translation>共 %1 条处理中记录符合条件，显示 %2 条。</translation>
    </message>
    <message>
        <source>  STUCK</source>
        <translation>  卡住</translation>
    </message>
    <message>
        <source>Scope of the record.</source>
        <translation>记录的作用域。</translation>
    </message>
    <message>
        <source>Key of the record.</source>
        <translation>记录的键。</translation>
    </message>
    <message>
        <source>get needs --scope S and --key K.</source>
        <translation>get 需要 --scope S 和 --key K。</translation>
    </message>
    <message>
        <source>No record %1/%2.</source>
        <translation>记录 %1/%2 不存在。</translation>
    </message>
    <message>
        <source>Checks every audit chain: each entry&apos;s hash, its link to the one before, the sequence and the chain head. An edited, deleted or reordered entry is reported with where the chain first breaks. Exit code 1 when it is broken.</source>
        <translation>校验每条审计链：每个条目的哈希、与前一条目的链接、序号以及链头。被编辑、删除或重新排序的条目会连同链首次断开的位置一起报告。链断开时退出码为 1。</translation>
    </message>
    <message>
        <source>Only this scope&apos;s chain (repeatable; default: every chain).</source>
        <translation>仅校验此作用域的链（可重复；默认：所有链）。</translation>
    </message>
    <message>
        <source>Audit log intact: %1 entries in %2 chain(s) verified.</source>
        <translation>审计日志完好：已校验 %2 条链中的 %1 个条目。</translation>
    </message>
    <message>
        <source>Audit log BROKEN in scope %1 at seq %2 (stored at %3): %4</source>
        <translation>审计日志已损坏：作用域 %1，seq %2（存储位置 %3）：%4</translation>
    </message>
    <message>
        <source>the chain&apos;s end</source>
        <translation>链尾</translation>
    </message>
    <message>
        <source>%1 entries in %2 chain(s) read.</source>
        <translation>已读取 %2 条链中的 %1 个条目。</translation>
    </message>
    <message>
        <source>Audit entries, newest first, filtered.</source>
        <translation>审计条目，按时间倒序，已过滤。</translation>
    </message>
    <message>
        <source>Only entries by this operator.</source>
        <translation>仅显示此操作员的条目。</translation>
    </message>
    <message>
        <source>Only this action (timeout, reconcile-complete, reconcile-release, alert, …).</source>
        <translation>仅显示此操作（timeout、reconcile-complete、reconcile-release、alert 等）。</translation>
    </message>
    <message>
        <source>Only entries of this batch id.</source>
        <translation>仅显示此批次 ID 的条目。</translation>
    </message>
    <message>
        <source>Only entries from this long ago (e.g. 1h, 7d).</source>
        <translation>仅显示此时长以内的条目（例如 1h、7d）。</translation>
    </message>
    <message>
        <source>At most this many entries (default 100).</source>
        <translation>最多显示此数量的条目（默认 100）。</translation>
    </message>
    <message>
        <source>--since takes a duration such as 1h, 90m or 7d, not &apos;%1&apos;.</source>
        <translation>--since 需要一个时长，如 1h、90m 或 7d，而不是“%1”。</translation>
    </message>
    <message>
        <source>--limit must be a whole number from 1 to 100000.</source>
        <translation>--limit 必须是 1 到 100000 之间的整数。</translation>
    </message>
    <message>
        <source>No audit entries match.</source>
        <translation>没有匹配的审计条目。</translation>
    </message>
    <message>
        <source>Usage: idemctl audit verify|list [options]
  verify  check the hash chains: detects an edited, deleted or reordered entry
  list    list entries, newest first, with filters
Run &apos;idemctl audit verify --help&apos; or &apos;idemctl audit list --help&apos; for their options.
</source>
        <translation>用法：idemctl audit verify|list [options]
  verify  校验哈希链：检测被编辑、删除或重新排序的条目
  list    列出条目，按时间倒序，支持过滤
运行 &apos;idemctl audit verify --help&apos; 或 &apos;idemctl audit list --help&apos; 查看各自的选项。
</translation>
    </message>
    <message>
        <source>audit needs a subcommand: verify or list.</source>
        <translation>audit 需要子命令：verify 或 list。</translation>
    </message>
    <message>
        <source>unknown audit subcommand &apos;%1&apos;: use verify or list.</source>
        <translation>未知的 audit 子命令“%1”：请使用 verify 或 list。</translation>
    </message>
    <message>
        <source>Reconciles stuck records against a business order table: a done order completes the record with a response synthesised from the order (flagged as reconciled), a missing or failed order releases it so the client may resubmit, anything else is left for review. Orders are looked up in batches of %1. Each record changes only if it is still as the dry run saw it; every change is audited with the order row as evidence. Ctrl-C stops between records.</source>
        <translation>根据业务订单表对卡住的记录进行对账：订单已完成时，以根据订单合成的响应完成记录（标记为已对账）；订单不存在或失败时释放记录，客户端可以重新提交；其他情况留待复核。订单按每批 %1 条查询。每条记录仅在仍与试运行所见一致时才会更改；每次更改都会记入审计，并以订单行作为证据。按 Ctrl-C 可在记录之间停止。</translation>
    </message>
    <message>
        <source>URL of the database with the order table (sqlite:///…, postgresql://…, mysql://…).</source>
        <translation>订单表所在数据库的 URL（sqlite:///…、postgresql://…、mysql://…）。</translation>
    </message>
    <message>
        <source>Order table, e.g. orders or sales.orders.</source>
        <translation>订单表，例如 orders 或 sales.orders。</translation>
    </message>
    <message>
        <source>Column holding the business number.</source>
        <translation>存放业务单号的列。</translation>
    </message>
    <message>
        <source>Column holding the order status.</source>
        <translation>存放订单状态的列。</translation>
    </message>
    <message>
        <source>Comma-separated statuses that mean done (complete the record).</source>
        <translation>表示已完成的状态值，以逗号分隔（完成记录）。</translation>
    </message>
    <message>
        <source>Comma-separated statuses that mean still pending (review).</source>
        <translation>表示仍待处理的状态值，以逗号分隔（留待复核）。</translation>
    </message>
    <message>
        <source>Comma-separated statuses that mean failed (release the record).</source>
        <translation>表示失败的状态值，以逗号分隔（释放记录）。</translation>
    </message>
    <message>
        <source>Record field matched against the key column: biz_no (default) or key.</source>
        <translation>与键列匹配的记录字段：biz_no（默认）或 key。</translation>
    </message>
    <message>
        <source>HTTP status of the synthesised response (default 200).</source>
        <translation>合成响应的 HTTP 状态码（默认 200）。</translation>
    </message>
    <message>
        <source>Body template: {{key}}, {{biz_no}}, {{scope}}, {{status}}, {{order.COLUMN}}.</source>
        <translation>响应体模板：{{key}}、{{biz_no}}、{{scope}}、{{status}}、{{order.COLUMN}}。</translation>
    </message>
    <message>
        <source>Start from this saved mapping profile; options given override it.</source>
        <translation>以此已保存的映射配置方案为基础；显式给出的选项会覆盖它。</translation>
    </message>
    <message>
        <source>Save the mapping under this name (shared with the console).</source>
        <translation>以此名称保存映射（与控制台共享）。</translation>
    </message>
    <message>
        <source>Only this scope (default: every scope).</source>
        <translation>仅限此作用域（默认：所有作用域）。</translation>
    </message>
    <message>
        <source>In-flight attempts started longer ago than this (default 10m).</source>
        <translation>开始时间早于此时长的处理中尝试（默认 10m）。</translation>
    </message>
    <message>
        <source>Leave TIMED_OUT records out (they are included by default).</source>
        <translation>不包含 TIMED_OUT 记录（默认包含）。</translation>
    </message>
    <message>
        <source>Leave this record out (repeatable).</source>
        <translation>排除此记录（可重复）。</translation>
    </message>
    <message>
        <source>Who takes the action (default: the OS user).</source>
        <translation>执行操作的人（默认：操作系统用户）。</translation>
    </message>
    <message>
        <source>Why; written to the audit log. Required unless --dry-run.</source>
        <translation>原因；写入审计日志。除非使用 --dry-run，否则必填。</translation>
    </message>
    <message>
        <source>Only show the plan; change nothing.</source>
        <translation>仅显示计划；不做任何更改。</translation>
    </message>
    <message>
        <source>Show at most this many rows (default 100; the counts are complete).</source>
        <translation>最多显示此数量的行（默认 100；计数始终完整）。</translation>
    </message>
    <message>
        <source>no reconcile profile named &apos;%1&apos;.</source>
        <translation>没有名为“%1”的对账配置方案。</translation>
    </message>
    <message>
        <source>--match takes biz_no or key, not &apos;%1&apos;.</source>
        <translation>--match 只接受 biz_no 或 key，而不是“%1”。</translation>
    </message>
    <message>
        <source>--response-status takes an HTTP status such as 200.</source>
        <translation>--response-status 需要一个 HTTP 状态码，如 200。</translation>
    </message>
    <message>
        <source>reconcile needs --orders URL --table T --key-column C --status-column S --done-values a,b (or --profile NAME).</source>
        <translation>reconcile 需要 --orders URL --table T --key-column C --status-column S --done-values a,b（或 --profile NAME）。</translation>
    </message>
    <message>
        <source>--rows must be a whole number, 0 or more.</source>
        <translation>--rows 必须是大于等于 0 的整数。</translation>
    </message>
    <message>
        <source>--exclude takes SCOPE/KEY, not &apos;%1&apos;.</source>
        <translation>--exclude 需要 SCOPE/KEY 格式，而不是“%1”。</translation>
    </message>
    <message>
        <source>reconcile needs --reason TEXT (written to the audit log), or --dry-run to only see the plan.</source>
        <translation>reconcile 需要 --reason TEXT（写入审计日志），或使用 --dry-run 仅查看计划。</translation>
    </message>
    <message>
        <source>The dry run was interrupted; nothing changed.</source>
        <translation>试运行已中断；未做任何更改。</translation>
    </message>
    <message>
        <source>%1 stuck record(s): %2 to complete, %3 to release, %4 for review%5 (%6 order queries).</source>
        <translation>%1 条卡住的记录：%2 条待完成，%3 条待释放，%4 条待复核%5（订单查询 %6 次）。</translation>
    </message>
    <message>
        <source>; %1 excluded</source>
        <translation>；已排除 %1 条</translation>
    </message>
    <message>
        <source>  (excluded)</source>
        <translation>  （已排除）</translation>
    </message>
    <message>
        <source>  … and %1 more.</source>
        <translation>  … 另有 %1 条。</translation>
    </message>
    <message>
        <source>Dry run: nothing changed.</source>
        <translation>试运行：未做任何更改。</translation>
    </message>
    <message>
        <source>Batch %1 by %2: %3 applied, %4 skipped (changed since the dry run), %5 failed%6; %7 left for review.</source>
        <translation>批次 %1（操作员 %2）：已执行 %3 条，已跳过 %4 条（试运行后已变化），失败 %5 条%6；%7 条留待复核。</translation>
    </message>
    <message>
        <source>, %1 untouched (interrupted)</source>
        <translation>，%1 条未处理（已中断）</translation>
    </message>
    <message>
        <source>  skipped %1/%2</source>
        <translation>  已跳过 %1/%2</translation>
    </message>
    <message>
        <source>  failed  %1/%2: %3</source>
        <translation>  失败   %1/%2：%3</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 more</source>
        <translation>另有 %1 个</translation>
    </message>
    <message>
        <source>Marks in-flight records older than a threshold timed out, so their clients may resubmit. Each record changes only if it is still in flight under the lease the preview saw, and every change is written to the audit log. Ctrl-C stops between records.</source>
        <translation>将处理中时长超过阈值的记录标记为超时，使其客户端可以重新提交。每条记录仅在仍处于预览时所见的租约下处理中时才会更改，且每次更改都会写入审计日志。按 Ctrl-C 可在记录之间停止。</translation>
    </message>
    <message>
        <source>Attempts started longer ago than this (90s, 10m, 2h, 1d; default 10m).</source>
        <translation>开始时间早于此时长的尝试（90s、10m、2h、1d；默认 10m）。</translation>
    </message>
    <message>
        <source>Only preview what would change.</source>
        <translation>仅预览将要更改的内容。</translation>
    </message>
    <message>
        <source>--older-than takes a positive duration such as 90s, 10m, 2h or 1d, not &apos;%1&apos;.</source>
        <translation>--older-than 需要一个正的时长，如 90s、10m、2h 或 1d，而不是“%1”。</translation>
    </message>
    <message>
        <source>sweep needs --reason TEXT (written to the audit log), or --dry-run to only preview.</source>
        <translation>sweep 需要 --reason TEXT（写入审计日志），或使用 --dry-run 仅预览。</translation>
    </message>
    <message>
        <source>The preview was interrupted; nothing changed.</source>
        <translation>预览已中断；未做任何更改。</translation>
    </message>
    <message>
        <source>%1 in-flight record(s) older than %2 match%3; oldest %4.</source>
        <translation>%1 条处理中时长超过 %2 的记录匹配%3；最久 %4。</translation>
    </message>
    <message>
        <source> in scope %1</source>
        <translation>（作用域 %1）</translation>
    </message>
    <message>
        <source>Owners: %1</source>
        <translation>持有者：%1</translation>
    </message>
    <message>
        <source>Batch %1 by %2: %3 timed out, %4 skipped (changed since the preview), %5 failed%6.</source>
        <translation>批次 %1（操作员 %2）：%3 条已标记为超时，已跳过 %4 条（预览后已变化），失败 %5 条%6。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>  (lists cut at %1; the counts above are complete)</source>
        <translation>  （列表截断于 %1 条；以上计数完整）</translation>
    </message>
    <message>
        <source>Writes a report of a time range: per-scope totals (executed, replayed, hit rate, anomalies, stuck records now), the per-minute series, the operator actions from the audit log and the audit chain&apos;s verdict, as PDF, CSV or JSON.</source>
        <translation>写入某一时间范围的报告：按作用域的汇总（执行、重放、命中率、异常、当前卡住的记录）、每分钟序列、审计日志中的操作员操作以及审计链的校验结论，格式为 PDF、CSV 或 JSON。</translation>
    </message>
    <message>
        <source>Start of the range, ISO 8601 (e.g. 2026-11-30T08:00:00Z).</source>
        <translation>时间范围的开始，ISO 8601 格式（例如 2026-11-30T08:00:00Z）。</translation>
    </message>
    <message>
        <source>End of the range, ISO 8601 (inclusive).</source>
        <translation>时间范围的结束，ISO 8601 格式（包含该时刻）。</translation>
    </message>
    <message>
        <source>Only this scope (repeatable; default: every scope).</source>
        <translation>仅此作用域（可重复指定；默认：所有作用域）。</translation>
    </message>
    <message>
        <source>pdf, csv or json.</source>
        <translation>pdf、csv 或 json。</translation>
    </message>
    <message>
        <source>The file to write.</source>
        <translation>要写入的文件。</translation>
    </message>
    <message>
        <source>Who the report is for (default: the OS user).</source>
        <translation>报告的对象（默认：操作系统用户）。</translation>
    </message>
    <message>
        <source>--from takes an ISO 8601 time such as 2026-11-30T08:00:00Z, not &apos;%1&apos;.</source>
        <translation>--from 需要 ISO 8601 时间，例如 2026-11-30T08:00:00Z，而不是“%1”。</translation>
    </message>
    <message>
        <source>--to takes an ISO 8601 time such as 2026-11-30T09:00:00Z, not &apos;%1&apos;.</source>
        <translation>--to 需要 ISO 8601 时间，例如 2026-11-30T09:00:00Z，而不是“%1”。</translation>
    </message>
    <message>
        <source>--to must not be before --from.</source>
        <translation>--to 不能早于 --from。</translation>
    </message>
    <message>
        <source>--format must be pdf, csv or json, not &apos;%1&apos;.</source>
        <translation>--format 必须为 pdf、csv 或 json，而不是“%1”。</translation>
    </message>
    <message>
        <source>--out FILE is required.</source>
        <translation>必须指定 --out FILE。</translation>
    </message>
    <message>
        <source>A PDF report needs a QGuiApplication.</source>
        <translation>PDF 报告需要 QGuiApplication。</translation>
    </message>
    <message>
        <source>--operator must not be empty.</source>
        <translation>--operator 不能为空。</translation>
    </message>
    <message>
        <source>intact</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>BROKEN</source>
        <translation>已损坏</translation>
    </message>
    <message>
        <source>How the store keeps its records: native (default), go-middleware, java-handler or a layout JSON file (README &quot;Layouts&quot;).</source>
        <translation>存储保存记录的方式：native（默认）、go-middleware、java-handler 或布局 JSON 文件（见 README 的“Layouts”）。</translation>
    </message>
    <message>
        <source>Where the audit log of a foreign-layout store is kept (sqlite:///path.db, postgresql://…, mysql://…); default a local SQLite file.</source>
        <translation>外部布局存储的审计日志保存位置（sqlite:///path.db、postgresql://…、mysql://…）；默认为本地 SQLite 文件。</translation>
    </message>
    <message>
        <source>java-handler on MySQL: the service&apos;s Redis cache (redis://host:port/db), updated together with the record.</source>
        <translation>MySQL 上的 java-handler：该服务的 Redis 缓存（redis://host:port/db），与记录一同更新。</translation>
    </message>
    <message>
        <source>Foreign Redis layouts: keys per SCAN round trip (COUNT), 10 to 100000.</source>
        <translation>外部 Redis 布局：每次 SCAN 往返扫描的键数（COUNT），10 到 100000。</translation>
    </message>
    <message>
        <source>--scan-count must be a number from 10 to 100000.</source>
        <translation>--scan-count 必须是 10 到 100000 之间的数字。</translation>
    </message>
    <message>
        <source>%1 is in the %2 layout: its own service claims the keys, so this command, which claims keys itself, does not run there. Use a native store for traffic and press tests; on this store use inflight, get, sweep, reconcile and audit.</source>
        <translation>%1 采用 %2 布局：键由其所属服务抢占，而此命令自己会抢占键，因此不能在该存储上运行。流量模拟和压测请使用原生存储；在该存储上请使用 inflight、get、sweep、reconcile 和 audit。</translation>
    </message>
    <message>
        <source>In-flight records, oldest attempt first (native stores: served by an index, never a scan; foreign Redis layouts: SCAN, never KEYS).</source>
        <translation>处理中的记录，最早的尝试在前（原生存储：走索引，从不全量扫描；外部 Redis 布局：使用 SCAN，从不使用 KEYS）。</translation>
    </message>
    <message>
        <source>    UNREADABLE: %1</source>
        <translation>    无法读取：%1</translation>
    </message>
    <message>
        <source>%1 record(s) cannot be read and are left out (idemctl get shows why): %2</source>
        <translation>%1 条记录无法读取，已排除（idemctl get 可查看原因）：%2</translation>
    </message>
    <message>
        <source>--older-than %1: %2</source>
        <translation>--older-than %1：%2</translation>
    </message>
    <message>
        <source>Creates an empty idempotency store (the SQLite file and its folder, or the tables and indexes in a PostgreSQL or MySQL database), or completes one an older version left incomplete. Reading commands never create a store.</source>
        <translation>创建一个空的幂等存储（SQLite 文件及其文件夹，或 PostgreSQL、MySQL 数据库中的表和索引），或补全旧版本留下的不完整存储。读取类命令从不创建存储。</translation>
    </message>
    <message>
        <source>init creates native stores only: a store in the %1 layout belongs to its service, which creates it.</source>
        <translation>init 只创建原生存储：%1 布局的存储属于其服务，由该服务创建。</translation>
    </message>
    <message>
        <source>Store ready at %1.</source>
        <translation>%1 处的存储已就绪。</translation>
    </message>
    <message>
        <source>java-handler on MySQL: the service runs without a Redis cache (cache=none); without --cache or --no-cache, sweep and reconcile refuse.</source>
        <translation>MySQL 上的 java-handler：该服务不使用 Redis 缓存（cache=none）；若既没有 --cache 也没有 --no-cache，sweep 和 reconcile 会拒绝执行。</translation>
    </message>
    <message>
        <source>--cache and --no-cache contradict each other: give one.</source>
        <translation>--cache 与 --no-cache 互相矛盾：请只给出一个。</translation>
    </message>
    <message>
        <source>  cache   %1/%2: %3</source>
        <translation>  缓存    %1/%2：%3</translation>
    </message>
    <message>
        <source>Release the matched records instead of marking them timed out: each is deleted (java-handler: the row and its cache key), so its client may resubmit. The way to let a java-handler client resubmit.</source>
        <translation>释放匹配的记录而不是将其标记为超时：每条记录都会被删除（java-handler：删除该行及其缓存键），使其客户端可以重新提交。这是让 java-handler 客户端重新提交的方法。</translation>
    </message>
    <message>
        <source>Released records are deleted: the service runs the request again when its client resubmits.</source>
        <translation>被释放的记录会被删除：客户端重新提交时，服务会再次执行该请求。</translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>接下来：%1</translation>
    </message>
    <message>
        <source>Batch %1 by %2: %3 released, %4 skipped (changed since the preview), %5 failed%6.</source>
        <translation>批次 %1（操作员 %2）：已释放 %3 条，已跳过 %4 条（预览后已变更），失败 %5 条%6。</translation>
    </message>
    <message>
        <source>Foreign SQL layouts: the zone the service writes its zone-less timestamp columns in (+08:00, UTC, Asia/Shanghai); default the database session&apos;s zone.</source>
        <translation>外部 SQL 布局：服务写入不带时区的时间戳列时所用的时区（+08:00、UTC、Asia/Shanghai）；默认为数据库会话的时区。</translation>
    </message>
    <message>
        <source>Open the store read-only: the engine refuses every change. stats, inflight, get, audit and report always read only; demo, press and init write and refuse it.</source>
        <translation>以只读方式打开存储：引擎拒绝任何修改。stats、inflight、get、audit 和 report 始终只读；demo、press 和 init 需要写入，会拒绝此选项。</translation>
    </message>
    <message>
        <source>demo cannot run read-only: it drives simulated sales traffic through the guard, which claims, completes and releases records as a service does. Leave out --read-only and give it a store of its own (e.g. --store sqlite:///tmp/idem-demo.db), never one a service uses.</source>
        <translation>demo 不能以只读方式运行：它通过守卫驱动模拟的大促流量，像服务一样占用、完成和释放记录。请去掉 --read-only，并给它一个专用的存储（例如 --store sqlite:///tmp/idem-demo.db），切勿使用服务正在用的存储。</translation>
    </message>
    <message>
        <source>init cannot run read-only: creating the store&apos;s file, tables and indexes is all it does. Leave out --read-only.</source>
        <translation>init 不能以只读方式运行：它唯一的工作就是创建存储的文件、表和索引。请去掉 --read-only。</translation>
    </message>
    <message>
        <source>press cannot run read-only: every request it sends claims and completes a record, as a service does. Leave out --read-only and give it a store of its own (e.g. --store sqlite:///tmp/idem-press.db), never one a service uses.</source>
        <translation>press 不能以只读方式运行：它发出的每个请求都会像服务一样占用并完成一条记录。请去掉 --read-only，并给它一个专用的存储（例如 --store sqlite:///tmp/idem-press.db），切勿使用服务正在用的存储。</translation>
    </message>
    <message>
        <source>in_flight, completed, timed_out or any (default any).</source>
        <translation>in_flight、completed、timed_out 或 any（默认 any）。</translation>
    </message>
    <message>
        <source>Only keys starting with this (a whole key finds that record).</source>
        <translation>仅以此开头的键（完整的键可找到该记录）。</translation>
    </message>
    <message>
        <source>Only business numbers starting with this (a whole number finds its records).</source>
        <translation>仅以此开头的业务单号（完整的单号可找到其记录）。</translation>
    </message>
    <message>
        <source>Oldest update first instead of newest.</source>
        <translation>最早更新的在前，而不是最新的在前。</translation>
    </message>
    <message>
        <source>--state must be in_flight, completed, timed_out or any, not &apos;%1&apos;.</source>
        <translation>--state 必须是 in_flight、completed、timed_out 或 any，而不是「%1」。</translation>
    </message>
    <message>
        <source>%1 record(s) match; showing %2.</source>
        <translation>%1 条记录匹配；显示 %2 条。</translation>
    </message>
    <message>
        <source>%1 (%2 records, %3 processes)</source>
        <translation>%1（%2 条记录，%3 个进程）</translation>
    </message>
    <message>
        <source>Records in every state the store keeps, newest first, filtered and paged in the store (SQL: an index range per state; native Redis: completed records by a walk of the scope&apos;s completed index; foreign Redis layouts: a SCAN of every key). Reading changes nothing.</source>
        <translation>存储保留的各状态记录，最新的在前，在存储中过滤并分页（SQL：每个状态一个索引范围；原生 Redis：已完成记录通过遍历该作用域的已完成索引；外部 Redis 布局：SCAN 所有键）。读取不会改变任何内容。</translation>
    </message>
    <message>
        <source>Redis Cluster: replicas that must have a claim before the business runs (WAIT; 0 to 5; default: the scope&apos;s policy, 1 for payment and callback).</source>
        <translation>Redis Cluster：业务执行前必须已拥有该占用的副本数（WAIT；0 到 5；默认取作用域策略，payment 和 callback 为 1）。</translation>
    </message>
    <message>
        <source>--replica-acks must be a whole number from 0 to 5.</source>
        <translation>--replica-acks 必须是 0 到 5 之间的整数。</translation>
    </message>
    <message>
        <source>Audit log intact: it is empty (0 entries); no operator action has been written to it yet.</source>
        <translation>审计日志完好：日志为空（0 条）；尚未写入任何操作员操作。</translation>
    </message>
    <message>
        <source>Stopped: the store stopped answering, so %1 record(s) were not attempted: %2</source>
        <translation>已停止：存储不再响应，因此有 %1 条记录未尝试：%2</translation>
    </message>
    <message>
        <source>Stopped by Ctrl-C: %1 record(s) left untouched.</source>
        <translation>已被 Ctrl-C 停止：%1 条记录未被触动。</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>cannot read the rules file %1: %2</source>
        <translation>无法读取规则文件 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a JSON array of alert rules (as the console keeps them: [{&quot;kind&quot;: &quot;hitRateAbove&quot;, &quot;scope&quot;: &quot;&quot;, &quot;threshold&quot;: 30, &quot;minutes&quot;: 3}]).</source>
        <translation>%1 不是告警规则的 JSON 数组（控制台保存的格式：[{&quot;kind&quot;: &quot;hitRateAbove&quot;, &quot;scope&quot;: &quot;&quot;, &quot;threshold&quot;: 30, &quot;minutes&quot;: 3}]）。</translation>
    </message>
    <message>
        <source>the defaults</source>
        <translation>默认规则</translation>
    </message>
    <message>
        <source>Writes the console&apos;s alert rules (hit-rate ceiling, mismatches, stuck records, store round trip) as a Prometheus rules file, so the same thresholds page through Alertmanager when no console is open. Check it with promtool check rules FILE.</source>
        <translation>将控制台的告警规则（命中率上限、请求不一致、卡住的记录、存储往返耗时）写成 Prometheus 规则文件，使控制台未打开时也能按相同阈值通过 Alertmanager 告警。可用 promtool check rules FILE 检查。</translation>
    </message>
    <message>
        <source>Output format: prometheus (the only one).</source>
        <translation>输出格式：prometheus（唯一支持的格式）。</translation>
    </message>
    <message>
        <source>The rules as JSON (the console&apos;s format); default: the console&apos;s saved rules, else its defaults.</source>
        <translation>JSON 格式的规则（控制台的格式）；默认：控制台保存的规则，否则为其默认规则。</translation>
    </message>
    <message>
        <source>A layout file whose &quot;metrics&quot; section names the counters (default: the idemctl exporter&apos;s metrics).</source>
        <translation>其 &quot;metrics&quot; 部分指明计数的布局文件（默认：idemctl exporter 的指标）。</translation>
    </message>
    <message>
        <source>Write to this file instead of standard output.</source>
        <translation>写入此文件而不是标准输出。</translation>
    </message>
    <message>
        <source>alert-rules needs --format prometheus.</source>
        <translation>alert-rules 需要 --format prometheus。</translation>
    </message>
    <message>
        <source>the layout %1 has no &quot;metrics&quot; section: without one, leave --layout out (the exporter&apos;s metrics).</source>
        <translation>布局 %1 没有 &quot;metrics&quot; 部分：没有时请去掉 --layout（使用导出器的指标）。</translation>
    </message>
    <message>
        <source>idemctl: left out (the mapping %1 cannot express it): %2</source>
        <translation>idemctl：已略去（映射 %1 无法表达）：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>idemctl: %n rule(s) from %1 written to %2.</source>
        <translation>
            <numerusform>idemctl：来自 %1 的 %n 条规则已写入 %2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Take the counters from this Prometheus server (http://host:port) through the layout&apos;s &quot;metrics&quot; mapping (default: the idemctl exporter&apos;s metrics); records still come from the store.</source>
        <translation>通过布局的 &quot;metrics&quot; 映射（默认：idemctl exporter 的指标）从此 Prometheus 服务器（http://host:port）获取计数；记录仍来自存储。</translation>
    </message>
    <message>
        <source>How long one Prometheus query may take, in ms (default 5000).</source>
        <translation>单个 Prometheus 查询最多可用的时间，单位毫秒（默认 5000）。</translation>
    </message>
    <message>
        <source>--listen takes IP:PORT, such as 127.0.0.1:9464, 0.0.0.0:9464 or [::1]:9464 (port 0: any free port), not &apos;%1&apos;.</source>
        <translation>--listen 需要 IP:PORT，例如 127.0.0.1:9464、0.0.0.0:9464 或 [::1]:9464（端口 0：任意空闲端口），而不是“%1”。</translation>
    </message>
    <message>
        <source>Serves the store&apos;s per-scope counters (idem_requests_total{scope,outcome}, …) and in-flight and stuck gauges at /metrics in the Prometheus text format. Opens the store read-only; one reading of the store serves every scrape for the cache period.</source>
        <translation>以 Prometheus 文本格式在 /metrics 提供存储的按作用域计数（idem_requests_total{scope,outcome} 等）以及处理中和卡住记录的仪表值。以只读方式打开存储；缓存期内的每次抓取都使用同一次存储读取的结果。</translation>
    </message>
    <message>
        <source>Where to serve /metrics: IP:PORT (default 127.0.0.1:9464; port 0: any free port, printed).</source>
        <translation>/metrics 的服务地址：IP:PORT（默认 127.0.0.1:9464；端口 0：任意空闲端口，并打印出来）。</translation>
    </message>
    <message>
        <source>How long one reading of the store serves scrapes (at least 1s; default 1s).</source>
        <translation>一次存储读取用于应答抓取的时长（至少 1s；默认 1s）。</translation>
    </message>
    <message>
        <source>cannot listen on %1: the port is in use or the address is not this machine&apos;s (%2).</source>
        <translation>无法在 %1 上监听：端口已被占用，或该地址不属于本机（%2）。</translation>
    </message>
    <message>
        <source>Serving %1 at http://%2/metrics (Ctrl-C stops).</source>
        <translation>正在 http://%2/metrics 提供 %1（按 Ctrl-C 停止）。</translation>
    </message>
    <message>
        <source>Counters from Prometheus %1 (mapping %2); records from the store.</source>
        <translation>计数来自 Prometheus %1（映射 %2）；记录来自存储。</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>--cache-for takes a duration from 1s to 1h (e.g. 1s, 5s), not &apos;%1&apos;.</source>
        <translation>--cache-for 需要 1s 到 1h 之间的时长（例如 1s、5s），而不是“%1”。</translation>
    </message>
    <message>
        <source>Report written to %1: %2 scope(s), %3 executed, %4 replayed, %5 operator action(s), %6 alert handling entries, audit log %7.</source>
        <translation>报告已写入 %1：%2 个作用域，执行 %3 次，重放 %4 次，操作员操作 %5 次，告警处理条目 %6 条，审计日志%7。</translation>
    </message>
    <message>
        <source>One record with every field; the body as text when it is UTF-8, else base64; then the request the record kept (--json: a &quot;request&quot; object, null when none).</source>
        <translation>查看单条记录的全部字段；响应体为 UTF-8 时以文本输出，否则以 base64 输出；随后是该记录保存的请求（--json：&quot;request&quot; 对象，未保存时为 null）。</translation>
    </message>
    <message>
        <source>Also set up the roles viewer, operator and approver on the server (PostgreSQL and MySQL/MariaDB: database roles idem_viewer, idem_operator, idem_approver and their grants; Redis: the ACL users idem-viewer, idem-operator, idem-approver) and the four-eyes thresholds (20 records store-wide, 1 in payment and callback). Run as the store&apos;s owner; again, it changes nothing that is already so.</source>
        <translation>同时在服务器上设置 viewer、operator 和 approver 角色（PostgreSQL 和 MySQL/MariaDB：数据库角色 idem_viewer、idem_operator、idem_approver 及其授权；Redis：ACL 用户 idem-viewer、idem-operator、idem-approver）以及四眼阈值（全存储 20 条，payment 和 callback 中 1 条）。须以存储所有者身份运行；重复运行不会改变已有设置。</translation>
    </message>
    <message>
        <source>With --roles: give a login user a role (PostgreSQL, MySQL/MariaDB), as ROLE:USER, e.g. viewer:alice. Repeatable.</source>
        <translation>与 --roles 一起使用：为登录用户授予角色（PostgreSQL、MySQL/MariaDB），格式为 角色:用户，例如 viewer:alice。可重复。</translation>
    </message>
    <message>
        <source>How long a proposal stays open before it expires (90s, 10m, 4h; default 4h).</source>
        <translation>提案在过期前保持开放的时长（90s、10m、4h；默认 4h）。</translation>
    </message>
    <message>
        <source>--proposal-ttl takes a duration such as 90s, 10m or 4h.</source>
        <translation>--proposal-ttl 需要一个时长，例如 90s、10m 或 4h。</translation>
    </message>
    <message>
        <source>--grant takes ROLE:USER, the role viewer, operator or approver, the user letters, digits and &apos;_&apos; (up to 63, not starting with a digit); not &apos;%1&apos;.</source>
        <translation>--grant 需要 角色:用户 的格式，角色为 viewer、operator 或 approver，用户名只能包含字母、数字和“_”（最多 63 个字符，不能以数字开头）；而不是“%1”。</translation>
    </message>
    <message>
        <source>--grant goes with --roles.</source>
        <translation>--grant 须与 --roles 一起使用。</translation>
    </message>
    <message>
        <source>Roles set up on %1; ran:</source>
        <translation>已在 %1 上设置角色；执行了：</translation>
    </message>
    <message>
        <source>Four eyes: more than 20 records store-wide, more than 1 in payment and callback, need a second identity.</source>
        <translation>四眼原则：全存储超过 20 条、payment 和 callback 中超过 1 条的操作需要另一身份批准。</translation>
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
        <translation>用法：idemctl 命令 [选项]
idem-console 的无界面版本。

命令：
  demo      驱动模拟的大促流量并打印实时计数
  press     压测：少量键上的并发请求，是否恰好执行一次？
  stats     按作用域的计数、各状态的记录数、卡住的记录
  inflight  列出处理中的记录，最早的在前
  records   按键或业务单号查找任意状态（已完成、已超时）的记录
  get       显示一条记录
  sweep     将超过阈值的处理中记录标记为超时（记入审计）
  reconcile 按订单表完成或释放卡住的记录（记入审计）
  audit     校验审计日志的哈希链，或列出其条目
  report    以 PDF、CSV 或 JSON 输出某时间范围的报告
  init      创建空存储（读取类命令从不创建存储）；--roles：查看者、操作员、审批人
  whoami    服务器认定的身份、您的角色、四眼策略
  proposals 等待另一身份批准的操作（四眼原则）
  approve   批准提案（提出人本人不可）
  reject    驳回提案，需填写理由
  apply     应用已批准的提案（此后变化的记录会被跳过）
  exporter  向 Prometheus 提供存储的计数（/metrics）
  alert-rules  将控制台的告警规则输出为 Prometheus 规则文件

每个存储命令都接受 --store URL（或 $IDEM_STORE）、--json 和 --help；
stats 和 report 接受 --metrics URL，从 Prometheus 读取计数。
</translation>
    </message>
    <message>
        <source>off (every action is applied at once)</source>
        <translation>关闭（所有操作立即应用）</translation>
    </message>
    <message>
        <source>more than %1 record(s) store-wide</source>
        <translation>全存储超过 %1 条记录</translation>
    </message>
    <message>
        <source>more than %1 in %2</source>
        <translation>%2 中超过 %1 条</translation>
    </message>
    <message>
        <source>%1 need a second identity; a proposal stays open %2 min</source>
        <translation>%1 需要另一身份批准；提案保持开放 %2 分钟</translation>
    </message>
    <message>
        <source>%1  %2  scope %3  %4 × %5  by %6 (%7)  expires %8</source>
        <translation>%1  %2  作用域 %3  %4 × %5  提出人 %6（%7）  过期 %8</translation>
    </message>
    <message>
        <source>no server identity</source>
        <translation>无服务器身份</translation>
    </message>
    <message>
        <source>    reason: %1</source>
        <translation>    理由：%1</translation>
    </message>
    <message>
        <source>    %1 by %2 (%3) at %4%5</source>
        <translation>    %1：%2（%3）于 %4%5</translation>
    </message>
    <message>
        <source>: %1</source>
        <translation>：%1</translation>
    </message>
    <message>
        <source>    %1 by %2 (%3) at %4 %5</source>
        <translation>    %1：%2（%3）于 %4 %5</translation>
    </message>
    <message>
        <source>The proposal (idemctl proposals lists them).</source>
        <translation>提案（idemctl proposals 可列出）。</translation>
    </message>
    <message>
        <source>Who decides (default: the OS user).</source>
        <translation>决定人（默认：操作系统用户）。</translation>
    </message>
    <message>
        <source>Why; written to the audit log.</source>
        <translation>理由；写入审计日志。</translation>
    </message>
    <message>
        <source>Name one proposal: %1 ID.</source>
        <translation>请指定一个提案：%1 编号。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a proposal id (p-YYYYMMDDTHHMMSS-xxxxxxxx; idemctl proposals lists them).</source>
        <translation>“%1”不是提案编号（p-YYYYMMDDTHHMMSS-xxxxxxxx；idemctl proposals 可列出）。</translation>
    </message>
    <message>
        <source>Deciding or applying a proposal writes to the store. Leave out --read-only.</source>
        <translation>决定或应用提案会写入存储。请去掉 --read-only。</translation>
    </message>
    <message>
        <source>reject needs --reason TEXT (written to the audit log).</source>
        <translation>reject 需要 --reason 文本（写入审计日志）。</translation>
    </message>
    <message>
        <source>Approves a proposal. The identity that proposed it cannot: a second one must.</source>
        <translation>批准提案。提出该提案的身份不能批准：须由另一身份批准。</translation>
    </message>
    <message>
        <source>Rejects a proposal, with a reason. Its records are left as they are.</source>
        <translation>驳回提案，并填写理由。其记录保持不变。</translation>
    </message>
    <message>
        <source>Proposal %1 approved by %2 (%3). Apply it with idemctl apply %1.</source>
        <translation>提案 %1 已由 %2（%3）批准。使用 idemctl apply %1 应用它。</translation>
    </message>
    <message>
        <source>Proposal %1 rejected by %2 (%3).</source>
        <translation>提案 %1 已由 %2（%3）驳回。</translation>
    </message>
    <message>
        <source>Says who the server takes this connection for (PostgreSQL current_user, MySQL CURRENT_USER(), Redis ACL WHOAMI), the role its rights amount to, what it may not do, and the four-eyes policy. Reads only.</source>
        <translation>显示服务器认定的本连接身份（PostgreSQL current_user、MySQL CURRENT_USER()、Redis ACL WHOAMI）、其权限对应的角色、不能执行的操作以及四眼策略。只读。</translation>
    </message>
    <message>
        <source>Store:     %1</source>
        <translation>存储：    %1</translation>
    </message>
    <message>
        <source>Identity:  %1</source>
        <translation>身份：    %1</translation>
    </message>
    <message>
        <source>Role:      %1</source>
        <translation>角色：    %1</translation>
    </message>
    <message>
        <source>May not act (sweep, reconcile, propose, apply): %1</source>
        <translation>不能执行操作（sweep、reconcile、提出、应用）：%1</translation>
    </message>
    <message>
        <source>May not approve or reject: %1</source>
        <translation>不能批准或驳回：%1</translation>
    </message>
    <message>
        <source>Four eyes: %1</source>
        <translation>四眼原则：%1</translation>
    </message>
    <message>
        <source>Lists the proposals (actions held for a second identity), newest first, or shows one with its records. Reads only.</source>
        <translation>列出提案（等待另一身份批准的操作），最新的在前；或显示一个提案及其记录。只读。</translation>
    </message>
    <message>
        <source>Show this proposal with its records.</source>
        <translation>显示此提案及其记录。</translation>
    </message>
    <message>
        <source>There is no proposal %1 in %2.</source>
        <translation>%2 中没有提案 %1。</translation>
    </message>
    <message>
        <source>    WARNING: this proposal no longer matches its hash: it was changed after it was proposed.</source>
        <translation>    警告：此提案与其哈希不再一致：提出后被改动过。</translation>
    </message>
    <message>
        <source>No proposals.</source>
        <translation>没有提案。</translation>
    </message>
    <message>
        <source>Applies an approved proposal: each record changes only if it is still as the proposal&apos;s preview saw it; records changed since are skipped and listed.</source>
        <translation>应用已批准的提案：每条记录仅在仍与提案预览时一致时才更改；此后变化的记录会被跳过并列出。</translation>
    </message>
    <message>
        <source>Proposal %1 applied, batch %2: %3 applied, %4 skipped (changed since the proposal), %5 failed.</source>
        <translation>提案 %1 已应用，批次 %2：%3 条已应用，%4 条跳过（提案后已变化），%5 条失败。</translation>
    </message>
    <message>
        <source>Scope %1: %2 record(s), more than its four-eyes threshold of %3: not applied, proposed as %4. A second identity approves it (idemctl approve %4), then idemctl apply %4.</source>
        <translation>作用域 %1：%2 条记录，超过其四眼阈值 %3：未应用，已保存为提案 %4。由另一身份批准（idemctl approve %4）后，运行 idemctl apply %4。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Console for idempotency records of payment and order APIs.</source>
        <translation>支付与订单接口的幂等记录控制台。</translation>
    </message>
    <message>
        <source>Store URL to open.</source>
        <translation>要打开的存储 URL。</translation>
    </message>
    <message>
        <source>Open the embedded demo store with simulated sales traffic.</source>
        <translation>打开内置的演示存储（模拟交易流量）。</translation>
    </message>
    <message>
        <source>Interface language: zh_CN or en.</source>
        <translation>界面语言：zh_CN 或 en。</translation>
    </message>
    <message>
        <source>idem-console</source>
        <translation>idem-console</translation>
    </message>
    <message>
        <source>The demo store cannot be opened: %1</source>
        <translation>无法打开演示存储：%1</translation>
    </message>
    <message>
        <source>Demo (simulated sales traffic)</source>
        <translation>演示（模拟交易流量）</translation>
    </message>
    <message>
        <source>Welcome to idem-console</source>
        <translation>欢迎使用 idem-console</translation>
    </message>
    <message>
        <source>No store has been opened yet. Open the demo store with simulated sales traffic?

Choose No to connect to a store of your own.</source>
        <translation>尚未打开任何存储。是否打开内置的演示存储（模拟交易流量）？

选择“否”可连接您自己的存储。</translation>
    </message>
    <message>
        <source>Demo orders</source>
        <translation>演示订单</translation>
    </message>
    <message>
        <source>Open stores read-only: the store refuses every operator action.</source>
        <translation>以只读方式打开存储：存储会拒绝所有操作员操作。</translation>
    </message>
</context>
</TS>
