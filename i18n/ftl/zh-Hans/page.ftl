# 演练场页面：按钮、标签、标题、通知、帮助。

lang-menu = 语言
lang-failed = 无法加载 { $lang }（{ $why }）；页面保持为 { $current }。

# 以秒为单位的虚拟时间（$t 有三位小数）：时钟、日志、时间线。
time-seconds = { $t } 秒

# 页面标题栏，以及前往链接位置的进度。
page-tagline = 观看消息处置的全过程：锁定、重新传递、死信处理。
page-presenter = 演示者
page-presenter-title = 演示者模式 (F)：舞台占满整个窗口。快捷键：空格 播放/暂停，→ 单步，← 后退一步，E 下一次锁定过期，R 重新开始，+ / − 速度，F 全屏。
page-controls = 控件
page-controls-title = 手动发送、接收和处置（在舞台上方）
page-open-full = 在 Settle 中打开 ↗
page-going-label = 正在前往指定位置
page-going = 正在前往 { $target } 秒 … 当前在 { $now } 秒
page-progress = 进度
page-stop-here = 停在这里

# 显示在引发它的操作所在区域旁边的通知。
notice-dismiss = 关闭

# 时钟。
clock-label = 时钟
clock-virtual = 虚拟
clock-real = 实际 { $t } 秒
clock-real-title = 时钟已运行的实际时间
clock-play = 播放
clock-pause = 暂停
clock-step-back = 后退一步
clock-step = 单步
clock-next-expiry = 下一次锁定过期
clock-speed = 速度
clock-nothing-scheduled = 没有任何事件会自行发生：请发送或接收消息。
clock-no-lock = 没有持有任何锁定，因此没有锁定会过期。

# 课程列表，以及在此标签页中打开的链接。
lessons-title = 课程
lessons-summary = 课程和并排比较
lessons-side-by-side = 并排比较
lessons-comparisons = 比较
lessons-loaded = 已加载课程“{ $title }”。
lessons-link-failed = 未加载此链接：{ $error }
lessons-link-opened = 已在 { $t } 秒处打开共享的场景。
lessons-link-scenario-failed = 未加载此链接中的场景，没有任何更改：{ $error }

# 内置比较的面板（$side 是某个变体的标签）。
compare-label = 比较
compare-difference = 差异
compare-show = 显示“{ $side }”
compare-show-title = 你的控件作用于这一侧

# 场景的标题和说明，以及“重新开始”。
intro-label = 关于此场景
intro-restart = 重新开始
intro-restart-title = 从 0 秒起再次运行同一场景
intro-restarted = 已从 0 秒重新开始。
lesson-run-through = 不在说明处暂停
lesson-run-through-title = 带暂停的说明不再停止时钟（用于演示）；地址及其链接会保留此设置

# 课程的说明文字，以及结束时它所证明的内容。
caption-lesson = 课程
caption-label = 说明
caption-paused = 已在此暂停：按“播放”继续。
summary-title = 你看到了什么
summary-hide = 隐藏
summary-figures = 数据

# 舞台；并排比较时的其他变体（$side 是某个变体的标签）。
stage-label = 舞台
page-skip-stage = 跳到舞台
page-skip-clients = 跳到发送方和接收方
stage-the-stage = 舞台
stage-own-note = 你的控件作用于此处
stage-canvas = 以图示呈现的队列：发送方、队列、接收方和死信队列。同样的状态也以列表形式列在“消息”下，每个操作在下方都有对应的按钮。
stage-twin-canvas = “{ $side }”变体，与此处使用同一时钟，仅供观看：其消息列在旁边。
stage-twin-messages = “{ $side }”舞台上的消息

# 另一个变体舞台上的消息，供屏幕阅读器使用（$holder：持有它的接收方）。
twin-available = { $id }：可用，传递计数 { $count }
twin-available-by = { $id }：可用，由 { $holder } 持有，传递计数 { $count }
twin-locked = { $id }：已锁定，传递计数 { $count }
twin-locked-by = { $id }：已被 { $holder } 锁定，传递计数 { $count }
twin-deferred = { $id }：已延迟，传递计数 { $count }
twin-deferred-by = { $id }：已延迟，由 { $holder } 持有，传递计数 { $count }
twin-scheduled = { $id }：已计划，传递计数 { $count }
twin-scheduled-by = { $id }：已计划，由 { $holder } 持有，传递计数 { $count }
twin-dead-letter = { $id }：在死信队列中，传递计数 { $count }
twin-dead-letter-by = { $id }：在死信队列中，由 { $holder } 持有，传递计数 { $count }

# 舞台下方的时间线：图例统计每种标记的数量；标记的文字列出其时刻（$ids：前几个消息 ID）。
timeline-label = 时间线
timeline-slider = 虚拟时间
timeline-position = { $now } 秒，共 { $end } 秒
timeline-markers = 时间线标记
timeline-sends = { $n } 次发送
timeline-expiries = { $n } 次锁定过期
timeline-abandons = { $n } 次 Abandon
timeline-dead-letters = { $n } 次移入死信队列
timeline-settlements = { $n } 次处置
timeline-sends-at = { $t } 秒时 { $n } 次发送：{ $ids }
timeline-expiries-at = { $t } 秒时 { $n } 次锁定过期：{ $ids }
timeline-abandons-at = { $t } 秒时 { $n } 次 Abandon：{ $ids }
timeline-dead-letters-at = { $t } 秒时 { $n } 次移入死信队列：{ $ids }
timeline-settlements-at = { $t } 秒时 { $n } 次处置：{ $ids }
timeline-fork = 你已回到过去：随着时间推移，你之后的 { $n } 个操作将再次执行。如果现在执行操作，故事会在此分叉：上述操作将被丢弃，“导出”和“共享链接”将带上新的分支。

# 发送方和接收方（$name 是客户端的名称）。
senders-label = 发送方
senders-add = 添加发送方
receivers-label = 接收方
receivers-add = 添加接收方
client-activity = { $name } 的活动
client-remove = 移除
session-id = 会话 ID

# 发送方的面板及其表单。
sender-title = 发送方 { $name }
sender-remove = 移除发送方 { $name }
send-to = 发送到（队列或主题）
send-id = 消息 ID
send-body = 正文
send-more = 更多：TTL、会话、计划、属性
send-ttl = 生存时间（毫秒）
send-none = 无
send-schedule = 计划在（从现在起的毫秒数）
send-now = 立即发送
send-properties = 属性（每行一个 key=value）
send-presettled = 预处置（发后不理：永远不会收到任何答复）
send-button = 发送

# 接收方的面板。
receiver-title = 接收方 { $name }
receiver-remove = 移除接收方 { $name }
receiver-session = 会话 { $session }
receiver-session-lost = 会话 { $session } 已丢失
receiver-prefetched = 已预提取 { $n } 条
receiver-from = 接收来源
receiver-from-fixed = 客户端只从一个队列或订阅接收：根据它已执行的操作，此来源已固定
receiver-mode = 接收模式
receiver-peek-lock = PeekLock
receiver-receive-and-delete = ReceiveAndDelete
receiver-source = 接收自
receiver-from-queue = 从队列
receiver-from-subscription = 从订阅
receiver-from-dlq = 从死信队列
receiver-from-subscription-dlq = 从订阅的死信队列
receiver-receive = 接收
receiver-peek = 速览
receiver-more-held = 另有 { $n } 条持有的消息未在此列出（舞台上会显示全部）
receiver-deleted = 已接收并删除：{ $list }
receiver-deleted-item = { $id }（序列号 { $seq }，第 { $count } 次传递）
receiver-peeked = 已速览：{ $list }
receiver-peeked-item = { $id }（序列号 { $seq }，传递计数 { $count }）
receiver-more = 更多：延迟的消息、会话、死信原因代码、关闭
receiver-deferred-seqs = 延迟的消息的序列号
receiver-deferred-placeholder = 序列号，例如 3
receiver-receive-deferred = 接收延迟的消息
receiver-session-placeholder = 会话 ID（留空：下一个可用的会话）
receiver-accept-session = 接受会话
receiver-renew-session = 续订会话锁定
receiver-dl-reason = DeadLetter 原因代码
receiver-dl-description = DeadLetter 说明
receiver-close = 关闭
receiver-disconnect = 断开连接

# 接收方持有的消息，每条都带有处置按钮（消息检查器也使用这些按钮）。
settle-complete = Complete
settle-abandon = Abandon
settle-dead-letter = DeadLetter
settle-defer = Defer
settle-renew-lock = RenewLock
held-list = { $name } 持有的消息
held-row = { $id }，已持有
held-inspect = 检查 { $id }
held-meta = 序列号 { $seq } · 第 { $count } 次传递
held-deferred = 已延迟
held-from-dlq = 来自死信队列
held-lock-left = 锁定剩余时间
held-dismiss = 移除

# 消息检查器。
inspector-label = 消息检查器
inspector-title = 消息 { $id }
inspector-close = 关闭
inspector-settle = 处置所选消息
inspector-empty = 单击或点击舞台上的消息（或其“检查”按钮），即可查看代理为它保存的每个属性并对其进行处置。
inspector-app-props = 应用程序属性
inspector-no-props = 无

# 事件日志和队列卡片。
log-label = 事件日志
log-title = 原因：事件日志
log-newest-first = 最新的在前
log-earlier = 还有 { $n } 行更早的记录：时钟停止时显示
queue-label = 队列
lane-more = 另有 { $n } 条

# 场景工具：加载、导出、共享、嵌入。
scenario-label = 场景
scenario-recorded = 你的操作会被记录为脚本步骤
scenario-preset = 预设
scenario-load-preset = 加载预设
scenario-own = 你自己的场景
scenario-copy-link = 复制链接
scenario-export = 导出
scenario-share = 共享链接
scenario-embed = 嵌入
scenario-what-if = 假设分析…
scenario-open-file = 打开文件…
scenario-share-field = 共享链接（场景和位置）
scenario-embed-width-field = 嵌入宽度（像素）
scenario-embed-width = 嵌入宽度
scenario-embed-help = 嵌入到文档页面中（其高度为嵌入内容在该宽度下的高度；script 行是可选的：它会让框架适应较窄的页面）
scenario-embed-snippet = 嵌入代码片段
# 代码片段中嵌入框架的标题。
scenario-embed-title = Settle：{ $title }
scenario-exported = 导出的场景
scenario-download = 下载 { $name }
scenario-paste = 粘贴场景（JSON）
scenario-json = 场景 JSON
scenario-load = 加载
scenario-loaded = 已加载“{ $title }”。
scenario-loaded-at = 已加载“{ $title }”，位于 { $t } 秒处，即它停止的位置。“重新开始”会从 0 秒起播放它。
scenario-not-loaded = 未加载，没有任何更改。{ $error }
scenario-link-copied = 已复制链接。
scenario-copy-failed = 复制失败：浏览器不允许此操作。请复制下面的链接。
scenario-export-failed = 无法开始下载：请复制下面的文本。
scenario-file-unreadable = 无法读取该文件。

# 由 artifacts 工作线程生成的下载内容（$kind 是按钮名称，$name 是文件名）。
download-group-picture = 以图片呈现故事
download-group-code = 导出为代码
download-svg = SVG
download-svg-animated = 动画 SVG
download-python = Python
download-typescript = TypeScript
download-busy = { $kind }…
download-saved = 已下载 { $name }。
download-not-started = 无法开始下载。
download-failed = 无法生成 { $kind }：{ $error }
download-helper-failed = 无法在此浏览器中启动下载帮助程序。

# 队列的设置。
settings-label = 队列设置
settings-note = 更改设置会丢失所有已持有的锁定，与真实代理上一样
settings-lock = 锁定持续时间（毫秒，5000–300000）
settings-mdc = MaxDeliveryCount
settings-ttl = 默认 TTL（毫秒，留空 = 永不过期）
settings-dup = 重复检测时间窗口（毫秒，留空 = 关闭）
settings-tier = 层级
settings-tier-basic = 基本
settings-tier-standard = 标准
settings-tier-premium = 高级
settings-dl-expiration = 过期时移入死信队列
settings-sessions-on = 会话：已启用（在创建队列时确定）。
settings-sessions-off = 会话：未启用（在创建队列时确定；要试用会话，请加载带有 requires_session 的场景）。
settings-apply = 应用设置
# 错误中的字段名称（$name），以及错误。
settings-name-lock = 锁定持续时间
settings-name-mdc = MaxDeliveryCount
settings-name-ttl = 默认 TTL
settings-name-dup = 重复检测时间窗口
settings-not-whole = { $name }：“{ $value }”不是整数
settings-too-large = { $name }：太大
