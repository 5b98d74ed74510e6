# Settle 在页面之外输出的内容：CLI 的课程与比较，以及 SVG 故事图。

## settle lesson
print-speed = 速度 { $speed }x
print-what-you-saw = 你看到了什么
print-pause = [暂停]

## settle compare
print-difference = 差异：{ $text }
print-holds = 成立
print-fails = 不成立
print-contradict = 运行结果与所述差异相矛盾

## settle render
## The SVG story (`settle render --svg`, the page's download): swimlanes over virtual time.

story-desc = 在 Settle 中运行的场景，以虚拟时间上的泳道图呈现。
story-footer = Settle · Azure Service Bus 的确定性模拟（种子 { $seed }）· 时间均为虚拟时间
story-axis = 虚拟时间
story-tick = { $s } 秒
story-settings-queue = 队列：{ $settings }
story-settings-entities = 实体：{ $entities }
story-duration =
    { $unit ->
        [d] { $n } 天
        [h] { $n } 小时
        [min] { $n } 分钟
       *[s] { $n } 秒
    }
story-setting-lock-duration = 锁定持续时间 { story-duration }
story-setting-default-ttl = 默认生存时间 { story-duration }
story-setting-duplicate-detection = 重复检测 { story-duration }
story-setting-max-delivery-count = MaxDeliveryCount { $count }
story-setting-dead-letter-on-expiration = 过期时移入死信队列
story-setting-sessions = 会话
story-setting-tier = { $tier } 层级
story-setting-max-size = 最大大小 { $size } 字节
story-entity-queue = 队列 { $name }
story-entity-topic = 主题 { $name }
story-entity-with-settings = { $entity }（{ $settings }）
story-entity-no-rules = 无规则
story-entity-rules = 规则 { $rules }
story-entity-subscriptions = { $topic } → { $subscriptions }
story-entity-no-subscriptions = { $topic }：无订阅

## The lanes: a name (bold), and under it what the lane holds or what its client did.

story-lane-queue = 队列
story-lane-queue-named = 队列 { $name }
story-lane-topic = 主题 { $name }
story-lane-subscription = 订阅 { $name }
story-lane-dead-letter = 死信队列
story-lane-dead-letter-of = { $name } 的死信队列
story-role-messages = { $count } 条消息
story-role-queue = 队列 · { $count } 条消息
story-role-subscription = 属于 { $topic } · { $count } 条消息
story-role-topic = 已发布 { $published } 条
story-role-topic-dropped = 已发布 { $published } 条，丢弃 { $dropped } 条
story-role-dead-letter-empty = 无死信消息
story-role-dead-letter = { $count } 条死信消息
story-role-dead-letter-of-empty = 属于 { $name } · 空
story-role-dead-letter-of = 属于 { $name } · { $count } 条死信消息
story-role-receiver = 接收方 · 已接收 { $received } 条
story-role-receiver-completed = 接收方 · 已接收 { $received } 条，{ $completed } ✓
story-role-sender = 发送方 · 已发送 { $sent } 条
story-role-sender-refused = 发送方 · 已发送 { $sent } 条，被拒 { $refused } 条
story-role-client = 客户端

## A message's bars and the labels in them.

story-bar-scheduled = { $id } · 计划于 { $s } 秒
story-bar-delivery = { $id } · 第 { $count } 次传递
story-bar-no-reason = { $id } ·（无原因代码）
story-bar-session = 会话 { $session }
story-bar-until = { $label } · 至 { $deadline } 秒
story-bar-lock-until = { $label } · 锁定至 { $deadline } 秒
story-bar-span = { $label }，{ $from } 秒 – { $to } 秒
story-bar-span-open = { $label }，{ $from } 秒 – 结束
story-bar-span-lock = { $label }，{ $from } 秒 – { $to } 秒，锁定至 { $deadline } 秒
story-bar-span-open-lock = { $label }，{ $from } 秒 – 结束，锁定至 { $deadline } 秒
story-band-peak = 同时最多 { $count } 个

## Marks: what happened at an instant, labelled beside it.

story-mark-unrouted = { $id }：没有订阅，已丢弃
story-mark-duplicate = { $id } 重复，已丢弃
story-mark-activated = 已激活，序列号 { $seq }
story-mark-cancelled = 已取消
story-mark-expired = 已过期，已丢弃
story-mark-session-lock-expired = 会话锁定过期
story-mark-lock-lost =
    { $cause ->
        [closed] 锁丢失：已关闭
        [disconnected] 锁丢失：已断开连接
       *[updated] 锁丢失：队列已更新
    }
story-mark-peek = 速览：{ $count }
story-mark-close = 关闭
story-mark-disconnect = 断开连接
story-mark-crash = 崩溃
story-mark-queue-updated = 队列设置已更改
story-mark-entity-updated = { $name }：设置已更改
story-mark-rule-added = { $name }：已添加规则 { $rule }
story-mark-rule-removed = { $name }：已删除规则 { $rule }
story-op =
    { $op ->
        [send] 发送
        [schedule] 计划
        [cancel] 取消计划
        [receive] 接收
        [receive-deferred] 接收延迟的消息
        [peek] 速览
        [complete] Complete
        [abandon] Abandon
        [dead-letter] DeadLetter
        [defer] Defer
        [renew-lock] 续订锁定
        [open] 打开
        [close] 关闭
        [accept-session] 接受会话
        [renew-session-lock] 续订会话锁定
        [set-session-state] 设置会话状态
        [get-session-state] 获取会话状态
        [disconnect] 断开连接
        [update-queue] 更新队列
       *[update-entity] 更新实体
    }
story-mark-refused = { story-op } { $id } → { $error }
story-mark-refused-seq = { story-op } 序列号 { $seq } → { $error }
story-mark-refused-any = { story-op } → { $error }
story-group-send = ×{ $count } 已发送
story-group-duplicate = ×{ $count } 重复
story-group-refused = ×{ $count } 被拒绝
story-group-activated = ×{ $count } 已激活
story-group-cancelled = ×{ $count } 已取消
story-group-complete = ×{ $count } Complete
story-group-abandon = ×{ $count } Abandon
story-group-defer = ×{ $count } Defer
story-group-dead-letter = ×{ $count } DeadLetter
story-group-lock-expired = ×{ $count } 锁定过期
story-group-lock-lost = ×{ $count } 锁丢失
story-group-ttl-expired = ×{ $count } 已过期
story-group-received-deleted = ×{ $count } 已接收
story-group-renew = ×{ $count } 已续订
story-group-peek = ×{ $count } 速览
story-group-link = ×{ $count }
story-group-admin = ×{ $count } 更改
story-group-published = ×{ $count } 已发布
story-group-unrouted = ×{ $count } 已丢弃

## The legend: only what the picture uses.

story-legend-waiting = 在队列中等待
story-legend-scheduled = 已计划
story-legend-deferred = 已延迟
story-legend-locked = 已锁定（扫视锁定）
story-legend-prefetched = 在预提取缓冲区中锁定
story-legend-dead-letter-queue = 在死信队列中
story-legend-session = 会话锁定
story-legend-expired-wait = 已过期，尚未清除
story-legend-deadline = 锁定截止时间
story-legend-send = 发送（已入队）
story-legend-duplicate = 重复消息已丢弃
story-legend-rejected = 发送被拒绝
story-legend-activated = 计划的消息 → 活动
story-legend-cancelled = 已取消 / 已丢弃
story-legend-complete = Complete
story-legend-abandon = Abandon
story-legend-defer = Defer
story-legend-dead-letter = DeadLetter
story-legend-lock-expired = 锁定过期
story-legend-lock-lost = 锁丢失
story-legend-ttl-expired = 生存时间已到
story-legend-received-deleted = 已接收并删除
story-legend-renew = 已续订锁定
story-legend-peek = 速览
story-legend-link = 关闭 / 断开连接 / 崩溃
story-legend-queue-updated = 队列设置已更改
story-legend-entity-updated = 设置或规则已更改
story-legend-refused = 步骤被拒绝（错误）
story-legend-published = 已发布：每个订阅一个副本
story-legend-unrouted = 没有订阅接收：已丢弃

## The notes under the lanes: what is not drawn, or not whole.

story-note-cropped = { $last } 秒之后没有任何事件；运行在 { $end } 秒结束。
story-note-cut = 此运行过长，无法完整绘制：只显示到 { $end } 秒（前 { $records } 条记录）。
story-note-band = { $lane }：同时存在的过多，无法逐一绘制（{ $count } 个时段）；色带显示各时刻的数量。
story-note-marks-left-out = 另有 { $count } 个标记未绘制。
story-note-detail = { $count } 条消息：只有前 { $detail } 条带有标签和泳道之间的箭头。

## What happened: a sentence for each moment worth one, under its time (story-tick).

story-happened = 发生了什么
story-happened-more = ……还有 { $count } 条。
story-moment-unrouted = { $id } 没有匹配 { $topic } 的任何订阅：已接受，随后被丢弃。
story-moment-duplicate = { $client } 在重复检测时间窗口内再次发送了 { $id }：报告为已接受，实际被丢弃。
story-moment-presettled-refused = { $client } 以预处置方式发送的 { $id } 被拒绝（{ $error }）；发送方永远不会得知。
story-moment-lock-expired =
    { $queue ->
        [dead-letter] { $id }：{ $client } 的锁在处置之前过期；在死信队列中不计数（{ $count }）。
       *[main] { $id }：{ $client } 的锁在处置之前过期；计为一次失败的传递（{ $count }/{ $max }）。
    }
story-moment-lock-expired-in =
    { $queue ->
        [dead-letter] { $id }（在 { $place } 中）：{ $client } 的锁在处置之前过期；在死信队列中不计数（{ $count }）。
       *[main] { $id }（在 { $place } 中）：{ $client } 的锁在处置之前过期；计为一次失败的传递（{ $count }/{ $max }）。
    }
story-moment-lock-lost =
    { $cause ->
        [closed] { $id }：{ $client } 的锁丢失（已关闭）。
        [disconnected] { $id }：{ $client } 的锁丢失（已断开连接）。
       *[updated] { $id }：{ $client } 的锁丢失（队列已更新）。
    }
story-moment-dead-lettered = { $id } → 死信队列，原因代码 { $reason }
story-moment-dead-lettered-no-reason = { $id } → 死信队列，无原因代码
story-moment-dead-lettered-of = { $id } → { $place } 的死信队列，原因代码 { $reason }
story-moment-dead-lettered-of-no-reason = { $id } → { $place } 的死信队列，无原因代码
story-moment-described = { $text }：{ $description }
story-moment-by = { $text }（由 { $client } 执行）
story-moment-ttl-expired = { $id } 的生存时间已到：已丢弃。
story-moment-session-lock-expired = { $client } 对会话 { $session } 的锁定已过期。
story-moment-refused = { $client }：{ story-op } { $id } 被拒绝，错误 { $error }{ $why }
story-moment-refused-seq = { $client }：{ story-op } 序列号 { $seq } 被拒绝，错误 { $error }{ $why }
story-moment-refused-any = { $client }：{ story-op } 被拒绝，错误 { $error }{ $why }

## What-if sweeps (`settle sweep --format svg`): charts of a scenario's variants.
sweep-title = 假设分析：{ $title }
sweep-desc = 场景的 { $points } 个变体，每个运行 { $seeds } 次（种子各不相同）· 时间为虚拟时间
sweep-throughput = 吞吐量：每秒完成数
sweep-throughput-short = 每秒完成数
sweep-latency = 从入队到完成的时间（毫秒）
sweep-latency-p95 = 从入队到完成的时间，第 95 百分位（毫秒）
sweep-p50 = 中位数
sweep-p95 = 第 95 百分位
sweep-losses = 每次运行的锁定过期次数与移入死信队列的消息数
sweep-lock-expiries = 锁定过期
sweep-dead-lettered = 移入死信队列
sweep-over-budget = 超出工作预算
sweep-foot = Settle · 每个点都是以所示取值对场景的一次确定性运行
sweep-foot-over = Settle · { $n } 个点超出了工作预算（虚线）：其数字只统计到那一刻
sweep-svg-dimensions = SVG 只能绘制一个或两个变化的参数，而不是 { $n } 个：请使用 --format csv 或 json
sweep-param-receivers = 接收方数量
sweep-param-concurrency = 并发数（每个接收方同时处理的消息数）
sweep-param-prefetch = 预提取计数
sweep-param-processing-ms = 处理时间（毫秒）
sweep-param-lock-ms = 锁定持续时间（毫秒）
sweep-param-auto-renew-ms = 自动续订锁定的最长时间（毫秒）
sweep-param-max-delivery-count = maxDeliveryCount
sweep-param-send-interval-ms = 发送间隔（毫秒）

## The What-if page (whatif.html): a sweep of a scenario's settings, run in the browser.
whatif-intro = Settle 会在后台为你选择的每个取值运行一次此场景，并绘制出变化。
whatif-ready = 现成的扫描
whatif-sweep-consumers-title = 使用者数量与突发负载
whatif-sweep-consumers-caption = 200 个订单突发到达，由 1 到 8 个竞争的接收方处理。只要队列中有积压，每增加一个接收方都会提高吞吐量，订单的等待时间随之缩短；无论接收方有多少，队列都起到负载调节的作用。
whatif-sweep-prefetch-title = 预提取计数与锁定持续时间
whatif-sweep-prefetch-caption = 一个缓慢的工作进程在处理的同时预提取订单，而预提取的订单在缓冲区中等待时就已被锁定。当处理完缓冲区所需的时间超过锁定持续时间时，锁会在处理开始前过期，订单被重新传递，传递三次后进入死信队列。
whatif-param = 参数
whatif-second = 第二个参数
whatif-setting = 设置
whatif-none = 无
whatif-from = 从
whatif-to = 到
whatif-step = 步长
whatif-seeds = 每个变体的运行次数（种子）
whatif-run = 运行
whatif-cancel = 取消
whatif-progress-label = 已运行的变体
whatif-progress = { $done } / { $total } 个变体
whatif-done = { $n } 个变体，用时 { $seconds } 秒，{ $workers } 个工作线程同时运行
whatif-cancelled = 已取消：完成 { $done } / { $total }。
whatif-result = 结果
whatif-hint = 单击某个点或某行的“打开”，即可在演练场中查看该变体最关键的时刻：第一次锁定过期或移入死信队列，否则为队列最长之时。
whatif-download-svg = 下载 SVG
whatif-download-csv = 下载 CSV
whatif-table = 每个变体的数据（与 settle sweep 的输出相同）
whatif-col-throughput = 每秒完成数
whatif-col-p50 = 完成时间中位数（毫秒）
whatif-col-p95 = 第 95 百分位（毫秒）
whatif-col-lock-expiries = 每次运行的锁定过期次数
whatif-col-dead-lettered = 每次运行移入死信队列的消息数
whatif-col-queue = 最长队列
whatif-col-seeds = 运行次数
whatif-col-status = 状态
whatif-open = 打开
whatif-open-label = 在演练场中打开 { $point }
whatif-back = 返回演练场
whatif-not-number = { $param }：“{ $text }”不是整数
whatif-empty = { $param }：从 { $from } 到 { $to } 没有任何取值
whatif-step-zero = { $param }：步长至少为 1
whatif-twice = { $param } 被选择了两次
whatif-seeds-range = 每个变体的运行次数：1 到 { $max }
whatif-too-many = { $n } 个变体：最多 { $max } 个（请缩小范围或增大步长）
whatif-no-receiver = { $param }：此场景没有可更改的自动接收方
whatif-no-sender = { $param }：此场景没有可更改的自动发送方
whatif-entities = 扫描只更改一个队列的设置；此场景声明了多个实体。
whatif-no-sweep = 没有名为“{ $name }”的现成扫描。
whatif-no-preset = 没有名为“{ $name }”的内置课程。
whatif-no-worker = 此浏览器无法启动运行变体的工作线程。
