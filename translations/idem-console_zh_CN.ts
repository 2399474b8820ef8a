<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <source>Stuck: in flight longer than the %1 timeout of scope %2</source>
        <translation>卡住：处理时长已超过作用域 %2 的超时时间（%1）</translation>
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
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>时长</translation>
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
        <source>Read-only: this store is opened for viewing; operator actions are disabled.</source>
        <translation>只读：此存储仅供查看，操作员操作已禁用。</translation>
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
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
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
</context>
<context>
    <name>RedisConnection</name>
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
</context>
<context>
    <name>RedisLayout</name>
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
        <source>%1 has a field that is not a number: %2.</source>
        <translation>%1 中有字段不是数字：%2。</translation>
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
        <source>Listing in-flight records</source>
        <translation>列出处理中记录</translation>
    </message>
</context>
<context>
    <name>RedisStore</name>
    <message>
        <source>The Redis URL option %1 must be a number of milliseconds from 1 to 600000, not &apos;%2&apos;.</source>
        <translation>Redis URL 选项 %1 须为 1 到 600000 之间的毫秒数，当前为 &apos;%2&apos;。</translation>
    </message>
    <message>
        <source>The Lua script %1 is missing from this build.</source>
        <translation>当前构建中缺少 Lua 脚本 %1。</translation>
    </message>
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
</context>
<context>
    <name>SqlDialect</name>
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
        <source>Listing in-flight records</source>
        <translation>列出处理中记录</translation>
    </message>
    <message>
        <source>Counting in-flight records</source>
        <translation>统计处理中记录</translation>
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
        <source>User %1 may not use the idem-console tables on %2: it lacks %3. Ask their owner to run GRANT SELECT, INSERT, UPDATE, DELETE ON idem_records, idem_counters TO %1.</source>
        <translation>用户 %1 无权使用 %2 上的 idem-console 数据表：缺少 %3 权限。请联系表的所有者执行 GRANT SELECT, INSERT, UPDATE, DELETE ON idem_records, idem_counters TO %1。</translation>
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
        <source>Marking a record timed out</source>
        <translation>将记录标记为超时</translation>
    </message>
    <message>
        <source>Purging expired records</source>
        <translation>清理过期记录</translation>
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
        <source>Read-only: browse and report, no operator actions</source>
        <translation>只读：仅可浏览和生成报表，禁用操作员操作</translation>
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
        <translation>用法：idemctl COMMAND [options]
idem-console 的命令行版本（无界面）。

命令：
  demo      模拟交易流量，并输出实时计数
  press     压测：在少量键上并发请求，验证是否恰好执行一次
  stats     各作用域的计数、按状态统计的记录数、卡住的记录
  inflight  列出处理中记录，最早的在前
  get       查看单条记录

所有命令均支持 --store URL（或 $IDEM_STORE）、--json 和 --help。
</translation>
    </message>
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
        <source>In-flight records, oldest attempt first (served by an index, never a scan).</source>
        <translation>列出处理中记录，最早的尝试在前（走索引，不做全表扫描）。</translation>
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
        <source>--older-than takes a duration such as 10m, 90s or 2h, not &apos;%1&apos;.</source>
        <translation>--older-than 的值须为时长，例如 10m、90s 或 2h，当前为 &apos;%1&apos;。</translation>
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
        <source>One record with every field; the body as text when it is UTF-8, else base64.</source>
        <translation>查看单条记录的全部字段；响应体为 UTF-8 时以文本输出，否则以 base64 输出。</translation>
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
        <source>Open the store for viewing only.</source>
        <translation>以只读方式打开存储。</translation>
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
</context>
</TS>
