# 每个场景播放器显示的内容：舞台标签、时钟、通道、日志、检查器、嵌入查看器，以及 Settle 关于它们写出的通知。
# API 和协议名称（Complete、PeekLock、MaxDeliveryCount、DeliveryCount 等）保留英文；其他术语见 docs/glossary.md。

## The clock: times, the speed list, the titles of Step back, Step and Next lock expiry.

clock-instant = { $s } 秒
clock-seconds = { $s } 秒
clock-ms = { $ms } 毫秒
clock-minutes = { $min } 分钟
clock-speed-value = { $speed }×
clock-back-start = 已在开头
clock-back-to = 回到 { $t } (←)
clock-step-none = 没有待发生的事件
clock-step-next = 下一个事件在 { $t }
clock-expiry-none = 没有持有的锁定
clock-expiry-next = 下一次锁定过期在 { $t }

## The stage (the canvas): places, notes beside their titles, labels over the tokens.
## Short: the stage can be 375 px wide.

stage-queue = 队列
stage-entities = 实体
stage-scheduled = 已计划
stage-available = 可用
stage-deferred = 已延迟
stage-dead-letter = 死信队列
stage-dead-letter-of = 死信：{ $name }
stage-no-receiver = 还没有接收方
stage-in-flight = { $n } 条传输中
stage-auto = 自动
stage-closed = 已关闭
stage-crashed = 已崩溃
stage-session = 会话 { $name }
stage-session-lost = 会话 { $name } 已丢失
stage-dropped = 已丢弃：没有订阅
stage-moving = { $n } 条移动中
stage-more-completed = 另有 { $n } 条已完成
stage-more-left = 另有 { $n } 条已离开
stage-more-lost = 另有 { $n } 条已丢失
stage-more-expired = 另有 { $n } 个锁定已过期
stage-due-at = { $s } 秒到期
stage-dead-lettered = 已移入死信队列
stage-sender = 发送方 { $name }
stage-a-sender = 某个发送方
stage-receiver = 接收方 { $name }
stage-a-receiver = 某个接收方
stage-an-entity = 某个实体
stage-a-dead-letter-queue = 某个死信队列
stage-dead-letter-queue-of = { $name } 的死信队列

## A receiver's lock bars.

lock-left = 锁定 { $s } 秒
lock-lost = 锁丢失

## The queue's lanes as lists, and what each item says.

lane-available = 可用
lane-available-empty = 没有等待中的消息。
lane-locked = 已锁定
lane-locked-empty = 没有已锁定的消息。
lane-deferred = 已延迟
lane-deferred-empty = 没有延迟的消息。
lane-scheduled = 已计划
lane-scheduled-empty = 没有计划的消息。
lane-dead-letter = 死信队列
lane-dead-letter-empty = 死信队列中没有消息。
lane-inspect = 检查 { $id }
lane-in-entity = 位于 { $entity }
lane-item-locked = 序列号 { $seq } · 第 { $delivery } 次传递 · 由 { $client } 锁定
lane-item-due = 序列号 { $seq } · 于 { $t } 到期
lane-item = 序列号 { $seq } · 传递计数 { $count }
lane-item-session = 会话 { $session }

## The queue's settings in one line, its parts joined by " · ".

queue-settings-lock = 锁定 { $d }
queue-settings-max-delivery-count = 最大传递计数 { $n }
queue-settings-ttl = TTL { $d }
queue-settings-sessions = 会话
queue-settings-duplicate-detection = 重复检测 { $d }
queue-settings-queues = { $n } 个队列
queue-settings-topics = { $n } 个主题
queue-settings-subscriptions = { $n } 个订阅

## The timeline's legend: how many of each kind of moment.

mark-sends = { $n } 次发送
mark-lock-expiries = { $n } 次锁定过期
mark-abandons = { $n } 次 Abandon
mark-dead-letter-moves = { $n } 次移入死信队列
mark-settlements = { $n } 次处置

## The inspector: the broker's properties of one message. Their names are the API's
## (MessageId, SequenceNumber, State, …) but for these.

inspect-entity = 实体
inspect-where = 位置
inspect-delivery-count = DeliveryCount（速览）
inspect-size = { $n } 字节
inspect-never = 永不
inspect-gone = 已不在队列中
inspect-dead-letter-locked = 死信队列，由 { $client } 锁定
inspect-dead-letter = 死信队列
inspect-scheduled = 已计划
inspect-locked = 由 { $client } 锁定
inspect-deferred = 已延迟（按序列号接收）
inspect-available = 可用

## What an automated client has done, its parts joined by " · ".

auto-sender = 自动：已开始 { $started } · 传输中 { $in_flight } · 已接受 { $accepted } · 失败 { $failed }
auto-unseen-failures = 无人察觉的失败 { $n } 次
auto-last-answer = 最后一次应答在 { $t }
auto-receiver = 自动：已接收 { $received } · 处理中 { $processing } · 已处置 { $settled } · 失败 { $failed }
auto-duplicates = 跳过重复 { $n } 条

## The log's lines that are not the narration.

log-named = { $name }：{ $line }
log-nothing-available = { $client } 请求了一条消息：没有可用的消息。
log-peeked-queue = { $client } 速览了队列中的 { $n } 条消息：没有锁定任何消息，也没有计数。
log-peeked-dead-letter = { $client } 速览了死信队列中的 { $n } 条消息：没有锁定任何消息，也没有计数。
log-script-error = { $client }（脚本）：{ $error }

## What a client's form or action is refused with, before the broker sees it.

form-ttl-not-ms = TTL：“{ $text }”不是整数毫秒数
form-delay-not-ms = 计划延迟：“{ $text }”不是整数毫秒数
form-property-not-pair = 属性：“{ $line }”不是 key=value 形式
form-property-no-key = 属性：“{ $line }”没有键
form-id-too-long = id：最多 128 个字符
form-ttl-zero = TTL：至少为 1 毫秒
form-no-such-target = 目标：没有名为“{ $name }”的队列或主题
form-not-sequence-numbers = “{ $text }”不是序列号列表
form-entities-not-queue-settings = 包含实体的文档通过 update_entity 步骤更改实体，而不是通过队列设置
form-did-not-run = 该操作未执行
form-other-entity = { $client } 从 { $from } 接收；该消息位于 { $entity }
form-other-entity-nothing = { $client } 还没有接收来源；该消息位于 { $entity }
form-no-receive-entity = { $client } 还没有从任何队列或订阅接收：请选择一个

## The scenario a fresh page starts with (its title and description).

welcome-title = 你的第一个锁定
welcome-description = S1 已发送两个订单。R1 以 30 秒的锁定持有 m1：在锁定过期前完成它（Complete），或者看着它带着更高的传递计数回来。传递失败 3 次后，消息会进入死信队列。

## Notices about what was opened or stopped.

doc-error = 错误：{ $error }
notice-stopped = 此场景在 { $t } 停止：{ $why }。此前的一切都已保留。
notice-opened-shared = 已在 { $t } 处打开共享的场景。
notice-link-scenario-failed = 未加载此链接中的场景：{ $error }
notice-link-failed = 未加载此链接：{ $error }
notice-opening-entities = 正在打开支持实体（主题、订阅、多个队列）文档的 Settle…
link-bad-character = 链接已损坏：“{ $char }”不属于其编码
link-bad-position = 链接中的位置“{ $text }”不是数字
link-not-text = 链接已损坏：其中的场景不是文本

## The built-in lessons.

lesson-no-preset = 没有名为“{ $name }”的内置课程
lesson-no-comparison = 没有名为“{ $name }”的比较
lesson-preset-offline = 无法下载内置课程“{ $name }”（是否离线？）
lesson-comparison-offline = 无法下载比较“{ $name }”（是否离线？）
lesson-no-side = 比较“{ $name }”没有“{ $side }”一侧
lesson-captions-failed = 无法显示此课程的说明：{ $error }

## Films and the embed's link.

film-damaged = 此嵌入内容的录制已损坏
film-too-long = 运行的录制有 { $kb } KB，超过嵌入链接能携带的大小
film-entities = 包含实体的文档不会被录制（由 Settle 运行）
film-too-many-frames = 超过 { $n } 帧

## Downloads (the page's buttons say their own words).

artifact-unknown = 未知的下载“{ $kind }”

## The page Settle shows when it stops on an internal error.

crash-title = Settle 因内部错误而停止
crash-kept = 这是 Settle 的缺陷，不是你的场景的问题。页面无法继续运行，但你的场景已保留：可以在原处重新打开、复制它的链接或下载它。
crash-not-kept = 这是 Settle 的缺陷，不是你的场景的问题。页面无法继续运行；请重新加载页面以重新开始。
crash-reopen = 在原处重新打开
crash-copy-link = 复制链接
crash-download = 下载场景
crash-start-afresh = 重新开始
crash-details = 技术细节

## The embeds' viewer: its clock bar, caption, stage and lists.

view-clock = 时钟
view-play = 播放
view-pause = 暂停
view-step-back = 后退一步
view-step = 单步
view-next-expiry = 下一次锁定过期
view-speed = 速度
view-controls = 控件
view-controls-title = 手动发送、接收和处置（在舞台上方）
view-open = 在 Settle 中打开 ↗
view-dismiss = 关闭
view-about = 关于此场景
view-lesson = 课程
view-caption = 说明
view-caption-hint = 已在此暂停：按“播放”继续。
view-summary = 你看到了什么
view-hide = 隐藏
view-figures = 数据
view-stage-area = 舞台
view-stage = 舞台
view-stage-picture = 以图示呈现的队列：发送方、队列、接收方和死信队列。同样的状态也以列表形式列在“队列”下。
view-queue = 队列
view-lane-more = 另有 { $n } 条
view-going-to = 正在前往 { $target } … 当前在 { $now }
clock-still-running = 仍在处理 { $now } 时发生的事…
view-nothing-due = 没有计划会自行发生的事件。
view-no-lock = 没有持有任何锁定，因此没有锁定会过期。
view-lang-failed = 无法加载 { $lang }（{ $why }）；页面保持为 { $current }。
