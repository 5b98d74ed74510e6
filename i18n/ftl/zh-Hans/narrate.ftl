# “原因”解说：代理执行的每件事各一句。
#
# 术语见 docs/glossary.md。

# 发送、计划和发布。

why-sent = { $by } 发送了 { $id }：已接受并存储，序列号为 { $seq }。
why-scheduled = { $by } 将 { $id } 计划在 { $at } 秒入队（计划期间序列号为 { $seq }；变为活动状态时会获得新的序列号）。
why-duplicate-dropped = { $by } 在重复检测时间窗口内再次发送了 { $id }：代理报告成功，并将其丢弃。
why-rejected = { $by } 对 { $id } 的预处置发送被拒绝（{ $error }），但没有人会得知：发送方从不等待应答。
why-activated = { $id } 已到达计划时间并变为活动状态，新序列号为 { $seq }（原为 { $scheduled }）。
why-published-nowhere = { $id } 已到达主题，但没有订阅接收它：已丢弃。
why-published = { $id } 已到达主题：每个订阅（{ $subscriptions }）各得到一个副本。
why-cancelled = { $by } 取消了计划的消息 { $id }（序列号 { $seq }）：已删除。

# 接收和锁定。

why-received = { $by } 接收了 { $id }（第 { $count } 次传递）；该消息已为 { $by } 锁定，直到 { $until } 秒。
why-prefetched = { $id } 已预提取到 { $by } 的缓冲区（第 { $count } 次传递）；其锁定时间已开始计算，直到 { $until } 秒。
why-received-and-deleted = { $by } 以接收并删除模式接收了 { $id }：无论 { $by } 接下来发生什么，该消息都已不在队列中。
why-lock-renewed = { $by } 续订了 { $id } 的锁定：锁定至 { $until } 秒。

# 释放。$then：消息再次可用；消息已不在（同一时刻被移到死信队列或因过期被丢弃）；或消息留在死信队列中，那里不计数。

why-lock-expired = { $id } 的锁定在 { $by } 处置它之前过期；{ $then ->
    [available] 这算作一次失败的传递（传递计数为 { $count }/{ $max }）。该消息再次可用。
    [gone] 这算作一次失败的传递（传递计数为 { $count }/{ $max }）。
   *[dead-letter] 它留在死信队列中，传递计数仍为 { $count }，因为那里不计数。
}
why-lock-lost = { $cause ->
    [closed] { $by } 关闭了其接收方，因此其对 { $id } 的锁已丢失
    [disconnected] { $by } 断开了连接，因此其对 { $id } 的锁已丢失
   *[entity_updated] { $by } 在队列设置更改时持有 { $id }，因此其锁已丢失
}；{ $then ->
    [available] 传递计数为 { $count }/{ $max }。该消息再次可用。
    [gone] 传递计数为 { $count }/{ $max }。
   *[dead-letter] 它留在死信队列中，传递计数仍为 { $count }，因为那里不计数。
}
why-abandoned = { $by } 对 { $id } 调用了 Abandon：{ $then ->
    [available] 传递计数为 { $count }/{ $max }。该消息再次可用。
    [gone] 传递计数为 { $count }/{ $max }。
   *[dead-letter] 它留在死信队列中，传递计数仍为 { $count }，因为那里不计数。
}

# 处置。

why-completed = { $by } 对 { $id } 调用了 Complete：该消息已从队列中永久删除。
why-deferred = { $by } 对 { $id } 调用了 Defer：该消息被延迟，直到有人按序列号 { $seq } 接收它（传递计数为 { $count }/{ $max }）。

# 移到死信队列和过期。DeadLetterReason、DeadLetterErrorDescription 和原因代码是代理使用的名称，保持原样。

why-dead-lettered-max = { $id } → 死信队列：其第 { $max } 次传递{ $how ->
    [abandoned] 以 Abandon 结束
    [lock-expired] 因锁定过期而结束
    [deferred] 以 Defer 结束
    [lock-lost] 因锁丢失而结束
   *[other] 失败
}，且 MaxDeliveryCount 为 { $max }（应用程序属性 DeadLetterReason：MaxDeliveryCountExceeded）。
why-dead-lettered-ttl = { $id } → 死信队列：其生存时间已到，且已启用过期时移到死信队列（应用程序属性 DeadLetterReason：TTLExpiredException）。
why-dead-lettered = { $who ->
    [broker] 代理
   *[client] { $by }{ " " }
}将 { $id } 移到了死信队列{ $props ->
    [reason] ；其应用程序属性 DeadLetterReason 为“{ $reason }”。
    [description] ；其应用程序属性 DeadLetterErrorDescription 为“{ $description }”。
    [both] ；其应用程序属性 DeadLetterReason 和 DeadLetterErrorDescription 分别为“{ $reason }”和“{ $description }”。
   *[none] ，未提供原因。
}
why-expired = { $id } 已过期：其生存时间已到，由于未启用过期时移到死信队列，它已被丢弃。

# 会话。$session 是 SessionId，保持原样。

why-session-locked = { $by } 接受了会话 { $session }：该会话的每条消息都已为 { $by } 锁定，直到 { $until } 秒。
why-session-lock-renewed = { $by } 续订了会话 { $session } 的锁定：直到 { $until } 秒。
why-session-lock-expired = { $by } 对会话 { $session } 的锁定已过期；其中每条未处置的消息各计一次失败的传递。
why-session-closed = { $by } 关闭了会话 { $session }；其中未处置的消息会返回，不计传递次数。
why-session-lost = { $by } 失去了会话 { $session }（{ $cause ->
    [disconnected] 连接已断开
   *[entity_updated] 实体设置已更改
}）。

# 代理仍为其持有锁定时结束的链接：目前不释放任何内容。

why-link-closed-one = { $by } { $what ->
    [disconnected] 断开了连接
    [closed-dead-letter] 关闭了其死信队列接收方
   *[closed] 关闭了其接收方
}；{ $id } 保持锁定，直到 { $until } 秒：在此之前任何人都无法获取它，而 { $by } 也无法再处置它。
why-link-closed-many = { $by } { $what ->
    [disconnected] 断开了连接
    [closed-dead-letter] 关闭了其死信队列接收方
   *[closed] 关闭了其接收方
}；{ $ids } 保持锁定：在此之前任何人都无法获取它们，而 { $by } 也无法再处置它们。
why-link-closed-item = { $id }（直到 { $until } 秒）
why-link-closed-session = { $by } 在持有会话 { $session } 时{ $what ->
    [disconnected] 断开了连接
    [closed-dead-letter] 关闭了其死信队列接收方
   *[closed] 关闭了其接收方
}：该会话保持锁定，直到 { $until } 秒，在此之前其他人都无法接受它。{ $count ->
    [0] {""}
    [1] 届时其未处置的消息 { $ids } 会返回，并计一次失败的传递。
   *[other] 届时其 { $count } 条未处置的消息（{ $ids }）会返回，每条各计一次失败的传递。
}

# 自动执行组件所做的事，如果代理的事件尚未说明。$note 是该组件自己的说明（下方的 note- 消息之一）；$error 是代理的错误代码和消息，保持原样。

why-act-sent-unanswered = { $by } 发送了 { $id }，未等待应答（{ $note }）。
why-act-sent-unobserved = { $by } 发送了 { $id }，未等待应答（无人查看结果）。
why-act-sent = { $by }：{ $id } 的发送已完成：代理已接受该消息。
why-act-send-failed = { $by }：{ $id } 的发送失败：{ $error }
why-act-crashed = { $by } 已崩溃：其连接已断开，它再也无法处置所持有的任何消息。
why-act-failed = { $by }：{ $error }
why-act-failed-noted = { $by }：{ $error }（{ $note }）
why-act-noted = { $by }：{ $note }。

# 执行组件对原因的说明（settle_core::actors::Note），用在上面的句子中。

note-crashed = 进程已崩溃
note-renewing-lock = 处理期间自动续订锁定
note-duplicate = 已处理过此 MessageId：跳过处理
note-hung = 处理挂起，超过了锁定期限
note-poison = 有害消息
note-presettled = 预处置：不会有答复
note-fire-and-forget = 发后不理：无人查看结果
note-busy = 代理繁忙
note-renewing-session = 自动续订会话锁定
note-session-lock-lost = 会话锁丢失
note-stopping = 正在停止：关闭会话
note-idle = 会话空闲：将其关闭

# 代理返回 MessageLockLost 时 Settle 给出的说明。$error 是错误代码和代理的原文，保持原样；$why 是下方的 explain- 消息之一。

error-explained = { $error }（{ $why }。）
explain-link-ended = { $id }：{ $holder } 的{ $dropped ->
    [yes] 连接已于 { $at } 秒断开
   *[no] 链接已于 { $at } 秒关闭
}；锁定持续到 { $until } 秒，届时代理才会释放该消息
explain-expired = { $id }：锁定已在 { $ago }前过期
explain-removed = { $id }：该消息已被处置并删除
explain-released = { $id }：锁定已被释放（消息已处置、已调用 Abandon 或锁已丢失）
explain-session-not-held = { $by } 已不再持有会话“{ $session }”
explain-ago = { $unit ->
    [ms] { $n } 毫秒
    [min] { $n } 分钟
   *[s] { $n } 秒
}

# 句中列举各项之间的分隔符。

list-separator = 、
