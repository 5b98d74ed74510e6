# 内置课程与比较，由文档本身生成
# （i18n/tests/lessons.rs）；请勿手动编辑。字幕中的数字依次为 $n1、$n2、…，
# 每种语言用自己的复数形式和分隔符来书写它们。

## send-settlement

send-settlement-title = 发送处置：接受还是拒绝
send-settlement-description = 每次发送都会等待代理的答复。大多数发送被接受；有些因代理繁忙而被拒绝，拒绝中附带 tracking-id，并提示重试可能成功。被拒绝的消息不在队列中。
send-settlement-note-1 = 慢动作：Orders 逐个发送 { $n1 } 个订单，每次都等到答复后再发送下一个。
send-settlement-note-2 = 已接受：开始后 { $n1 } 毫秒，答复返回。Orders 知道 Orders-1 已在队列中。
send-settlement-note-3 = 被拒绝：代理繁忙（ServiceBusy，附带 tracking-id 和“retryable”）。这条消息不在队列中，Orders 也知道这一点：它可以重试。
send-settlement-note-4 = 每个答复都在下一次发送开始前到达：不会有消息在发送方不知情的情况下丢失。
send-settlement-summary-1 = { $n1 } 次发送被接受，{ $n2 } 次被拒绝，每一次的结果发送方都看到了。
send-settlement-summary-2 = 队列中有 { $n1 } 条消息：正好是被接受的那些。
send-settlement-figure-1 = 已接受
send-settlement-figure-1-value = { $n1 }
send-settlement-figure-2 = 被拒绝，且已知晓
send-settlement-figure-2-value = { $n1 }

## send-modes

send-modes-title = 逐个发送、管道发送还是限流发送
send-modes-description = 三个发送方各发送 100 条消息，往返时间 70 毫秒，存储耗时 10 毫秒。逐个等待每次发送需要 100 × 80 = 8,000 毫秒；一次性全部启动约需 80 毫秒；每次保持十个在途则需要 10 轮 × 80 = 800 毫秒。
send-modes-note-1 = { $n1 } 个发送方，各发送 { $n2 } 条消息，网络相同：唯一的区别是等待方式。
send-modes-note-2 = all-at-once 不等待就启动了所有发送，再一起等待结果：{ $n1 } 毫秒后完成。
send-modes-note-3 = ten-in-flight 每次只让少量发送处于在途状态：{ $n1 } 毫秒后完成。
send-modes-note-4 = one-at-a-time 仍在发送：每次发送都要等待上一次的答复，每次都是一个完整的往返。
send-modes-note-5 = one-at-a-time 终于完成：同样的消息用了 { $n1 } 毫秒。
send-modes-summary-1 = 逐个等待每次发送：{ $n1 } 毫秒。一次性全部启动：{ $n2 } 毫秒。每次少量在途：{ $n3 } 毫秒。
send-modes-summary-2 = 无论哪种方式，代理都存储了 { $n1 } 条消息；不同的只是等待。
send-modes-figure-1 = one-at-a-time
send-modes-figure-1-value = { $n1 } 毫秒
send-modes-figure-2 = all-at-once
send-modes-figure-2-value = { $n1 } 毫秒
send-modes-figure-3 = ten-in-flight
send-modes-figure-3-value = { $n1 } 毫秒

## fire-and-forget

fire-and-forget-title = 发后不理：无人看到的错误
fire-and-forget-description = 这个发送方启动每次发送后从不查看结果。全部 50 个发送同时占用内存，繁忙的代理拒绝的那些就这样消失了：没有异常，没有日志，队列中的消息比发送的少。
fire-and-forget-note-1 = 慢动作：Careless 一次性启动全部 { $n1 } 次发送，从不等待其中任何一次。
fire-and-forget-note-2 = 消息陆续进入队列。注意队列的计数：它始终低于已发送的数量。
fire-and-forget-note-3 = 最后一个答复已返回，而没有人查看过任何一个答复。
fire-and-forget-summary-1 = 启动了 { $n1 } 次发送；队列中有 { $n2 } 条消息。
fire-and-forget-summary-2 = { $n1 } 条消息被拒绝，却无人察觉：没有异常，没有日志。
fire-and-forget-figure-1 = 已发送
fire-and-forget-figure-1-value = { $n1 }
fire-and-forget-figure-2 = 在队列中
fire-and-forget-figure-2-value = { $n1 }
fire-and-forget-figure-3 = 悄然丢失
fire-and-forget-figure-3-value = { $n1 }

## presettled

presettled-title = 预处置发送：永远没有答复
presettled-description = 预处置传输是协议层面的发后不理：代理从不答复。队列已满时，代理会拒收这些传输，而发送方无从知晓。
presettled-note-1 = Telemetry 以预处置方式发送读数：代理从不答复，连“接受”都不说。
presettled-note-2 = 队列已满（{ $n1 } 字节）。代理拒收这个读数，发送方却毫不知情。
presettled-note-3 = 它继续向已满的队列发送，浑然不觉。
presettled-summary-1 = 发送了 { $n1 } 个读数，存储了 { $n2 } 个，{ $n3 } 个被代理拒收。
presettled-summary-2 = 发送方看到了 { $n1 } 个错误：就它所知，预处置发送不可能失败。
presettled-figure-1 = 被拒收，未被察觉
presettled-figure-1-value = { $n1 }

## receive-and-delete-crash

receive-and-delete-crash-title = 接收并删除模式在崩溃时会丢失消息
receive-and-delete-crash-description = 在接收并删除模式下，消息一经交出就从队列中消失。这个工作进程在处理一条消息时崩溃：该消息永久丢失，再也没有人会完成它。
receive-and-delete-crash-note-1 = Worker 以接收并删除模式接收 invoice-1：代理在交出它的那一刻就将其删除。
receive-and-delete-crash-note-2 = Worker 处理 invoice-1 { $n1 } 秒后崩溃。
receive-and-delete-crash-note-3 = Worker 恢复后取走 invoice-2。invoice-1 已不在队列中：永远不会有人完成它了。
receive-and-delete-crash-note-4 = invoice-3，最后一张发票。
receive-and-delete-crash-summary-1 = { $n1 } 张发票一经交出就被删除；队列已空（剩余 { $n2 } 条）。
receive-and-delete-crash-summary-2 = invoice-1 在 { $n1 } 秒时的崩溃中丢失：接收并删除模式不给第二次机会。

## peek-lock

peek-lock-title = 扫视锁定模式能经受住崩溃
peek-lock-description = 同样的崩溃，这次在扫视锁定模式下：消息只是被锁定了。锁比崩溃的进程存活得更久：invoice-1 一直保持锁定，直到 10 秒的锁过期，在此期间谁也取不走它。随后代理记一次传递失败并重新交出它，重启后的工作进程完成了它。没有任何丢失，只是等待了一段时间。
peek-lock-note-1 = Worker 以扫视锁定模式接收 invoice-1：消息留在队列中，锁定 { $n1 } 秒。
peek-lock-note-2 = Worker 崩溃。invoice-1 仍处于锁定状态：锁比进程存活得更久。
peek-lock-note-3 = Worker 恢复后取走 invoice-2。invoice-1 仍被锁定，所以暂时谁也取不走它。
peek-lock-note-4 = 锁在 { $n1 } 秒时过期：invoice-1 再次可用，记一次传递失败。
peek-lock-note-5 = 又是 invoice-1，传递计数为 { $n1 }。这次它被完成了。
peek-lock-summary-1 = 完成了 { $n1 } 张发票，剩余 { $n2 } 张：没有任何丢失。
peek-lock-summary-2 = 崩溃后，invoice-1 等了 { $n1 } 秒直到锁用尽，然后被重新传递（传递计数 { $n2 }）。

## crash-short-lock

crash-short-lock-title = 30 秒锁定下的崩溃：等待 30 秒
crash-short-lock-description = R1 在 1 秒时以扫视锁定模式接收 order-1，并在 5 秒时崩溃。它的锁不会随之消失：order-1 保持锁定直到 31 秒，对所有人都不可见。R2 每 10 秒轮询一次，一无所获。31 秒时锁过期，代理记一次传递失败，R2 接收到传递计数为 2 的 order-1 并完成它。R1 在 8 秒时恢复，但已无法完成它。锁定持续时间就是崩溃的接收方的消息需要等待的时间。
crash-short-lock-note-1 = R1 以扫视锁定模式接收 order-1。锁定持续 { $n1 } 秒。
crash-short-lock-note-2 = R1 崩溃：连接断开。order-1 仍被这个已失效的接收方锁定。
crash-short-lock-note-3 = R1 恢复后尝试完成 order-1：MessageLockLost。新连接无法凭旧锁进行处置。
crash-short-lock-note-4 = R2 请求消息，一无所获：order-1 在队列中，但已被锁定。
crash-short-lock-note-5 = 锁在 { $n1 } 秒时过期：order-1 再次可用，R2 的下一次接收拿到了它（传递计数 { $n2 }）。
crash-short-lock-note-6 = R2 完成 order-1。
crash-short-lock-summary-1 = 崩溃后，order-1 等待了 { $n1 } 秒：即其 { $n2 } 秒锁定的剩余时间。
crash-short-lock-summary-2 = R2 请求了 { $n1 } 次；直到锁过期后才拿到 order-1。
crash-short-lock-figure-1 = 崩溃后的等待
crash-short-lock-figure-1-value = { $n1 } 秒

## crash-long-lock

crash-long-lock-title = 锁定 5 分钟，崩溃后就要等待 5 分钟
crash-long-lock-description = 同样的崩溃，这次使用服务总线允许的最长锁定：5 分钟。R1 在 1 秒时接收 order-1，在 5 秒时崩溃；order-1 一直被这个已失效的接收方锁定，直到 301 秒。R2 每分钟轮询一次，尽管消息就在队列中，五分钟内却一无所获。直到锁过期，代理才记一次传递失败，并将 order-1 交给 R2（传递计数 2）。长锁定能保护耗时的工作，而一旦接收方失效，代价正是这段等待。
crash-long-lock-note-1 = R1 接收 order-1。锁定持续 { $n1 } 分钟，这是服务总线允许的最长时间。
crash-long-lock-note-2 = R1 崩溃。order-1 仍被这个已失效的接收方锁定。
crash-long-lock-note-3 = R2 轮询，一无所获，尽管 order-1 就在队列中。
crash-long-lock-note-4 = 仍然一无所获：锁尚未用尽。
crash-long-lock-note-5 = 锁在 { $n1 } 秒时过期。直到现在才有人能拿到 order-1：R2 接收了它（传递计数 { $n2 }）。
crash-long-lock-note-6 = R2 完成 order-1。
crash-long-lock-summary-1 = 崩溃后，order-1 等待了 { $n1 } 秒才有人能处理它。
crash-long-lock-summary-2 = 长锁定能保护耗时的工作；一旦接收方失效，代价正是这段等待。请与 crash-short-lock 比较。
crash-long-lock-figure-1 = 崩溃后的等待
crash-long-lock-figure-1-value = { $n1 } 秒

## competing-consumers

competing-consumers-title = 竞争使用者会跳过已锁定的消息
competing-consumers-description = 三个接收方读取同一个队列。每个接收方都会拿到下一条无人持有锁的消息，因此每条消息都恰好由其中一个接收方处理。
competing-consumers-note-1 = { $n1 } 个接收方读取同一个包含 { $n2 } 个作业的队列。每次接收都会跳过其他接收方持有的消息：R1、R2 和 R3 拿到不同的作业。
competing-consumers-note-2 = 一个接收方处理完毕，取走下一个无人持有的作业。
competing-consumers-note-3 = 最后一个作业已完成。
competing-consumers-summary-1 = 完成了 { $n1 } 个作业，共 { $n2 } 次传递：每个作业都恰好处理了一次。

## lock-expiry

lock-expiry-title = 锁定过期与重新传递
lock-expiry-description = R1 接收 m1，但始终没有处置它。30 秒的锁定结束后，代理收回该消息并记一次传递失败；R2 接收到它时传递计数为 2；R1 迟到的 Complete 被拒绝，返回 MessageLockLost。
lock-expiry-note-1 = R1 接收 m1；锁定持续 { $n1 } 秒。R1 不会及时处置它。
lock-expiry-note-2 = 锁在 { $n1 } 秒时过期。代理收回 m1，并记一次传递失败。
lock-expiry-note-3 = R2 接收 m1，传递计数为 { $n1 }。
lock-expiry-note-4 = R1 迟到的 Complete 被拒绝：MessageLockLost。
lock-expiry-note-5 = R2 在自己的锁有效期内完成 m1。
lock-expiry-summary-1 = m1 被传递了 { $n1 } 次；第一个锁在 R1 取走它 { $n2 } 秒后用尽。
lock-expiry-summary-2 = 只有当前锁的持有者才能处置：R1 的 Complete 失败，R2 的成功。

## auto-renew

auto-renew-title = 续订锁定与自动续订
auto-renew-description = 处理需要 90 秒，但锁定只持续 30 秒。Careful 在锁用尽前自动续订（就像 .NET 处理器那样），顺利完成；Naive 不续订，丢失了锁，其 Complete 失败。
auto-renew-note-1 = 两个工作进程都开始了一项耗时的作业。锁定持续 { $n1 } 秒。
auto-renew-note-2 = Careful 在锁用尽前续订：现在锁定到 { $n1 } 秒。
auto-renew-note-3 = Naive 从不续订：它对 report-2 的锁在 { $n1 } 秒时过期，而它仍在处理中。
auto-renew-note-4 = Careful 一次又一次地续订。
auto-renew-note-5 = 两者都处理完毕。Careful 完成 report-1；Naive 的 Complete 失败，返回 MessageLockLost，report-2 回到队列中。
auto-renew-summary-1 = Careful 续订了 { $n1 } 次，在 { $n2 } 秒后完成。
auto-renew-summary-2 = Naive 的锁在 { $n1 } 秒时用尽；它的工作白费了，report-2 等待其他接收方处理（队列中剩余 { $n2 } 条）。

## lock-too-short

lock-too-short-title = 锁定时间短于工作时间
lock-too-short-description = 每条消息需要 40 到 50 秒来处理，但锁定只持续 30 秒。每次尝试都会用尽锁定，每个 Complete 都会失败，传递达到 MaxDeliveryCount（3）次后，每条消息都进入死信队列。
lock-too-short-note-1 = Slow 取走两条消息。每条的处理时间都超过 { $n1 } 秒的锁定。
lock-too-short-note-2 = Slow 仍在处理时，两个锁都已过期。
lock-too-short-note-3 = Slow 处理完 slow-1，但 Complete 失败：MessageLockLost。它再次取走 slow-1（第 { $n1 } 次传递）。
lock-too-short-note-4 = 第 { $n1 } 次传递（共 { $n2 } 次），锁又将用尽。
lock-too-short-note-5 = slow-1 进入死信队列：MaxDeliveryCountExceeded。问题从来不在工作本身，而在锁定。
lock-too-short-summary-1 = 锁定过期 { $n1 } 次，Complete 失败 { $n2 } 次，成功 { $n3 } 次。
lock-too-short-summary-2 = 两条消息各经过 { $n2 } 次传递后都进入了死信队列（{ $n1 } 条）。请续订锁定，或使锁定持续时间长于工作时间。

## abandon

abandon-title = Abandon：立即交还
abandon-description = R1 放弃 m1，而不是等待锁用尽。代理记一次传递失败；由于 m1 的序列号最小，它会再次最先被交出，排在 m2 之前。
abandon-note-1 = R1 接收 m1。
abandon-note-2 = R1 放弃 m1：消息立即返回队列，记一次传递失败，无需等待锁。
abandon-note-3 = m1 的序列号最小，所以它再次最先被取出，排在 m2 之前：传递计数 { $n1 }。
abandon-note-4 = R1 完成 m1。
abandon-summary-1 = m1 在被放弃 { $n1 } 秒后就回来了，而不是等到锁定持续时间结束。

## poison-message

poison-message-title = 有害消息进入死信队列
poison-message-description = 有一个订单格式错误：处理程序每次处理它都会抛出异常，从而放弃它。传递达到 MaxDeliveryCount（3）次后，代理将它移到死信队列，原因为 MaxDeliveryCountExceeded；其余正常订单绕过它照常完成。
poison-message-note-1 = S1 发送 { $n1 } 个订单。order-2 格式错误：处理程序每次处理它都会抛出异常。
poison-message-note-2 = Handler 取走 order-2（第 { $n1 } 次传递）。它抛出异常，从而放弃了该消息。
poison-message-note-3 = order-2 因序列号最小而最先回来：第 { $n1 } 次传递。再次抛出异常。
poison-message-note-4 = 第 { $n1 } 次传递（共 { $n2 } 次）：允许的最后一次尝试。
poison-message-note-5 = 达到 MaxDeliveryCount：代理将 order-2 移到死信队列，原因为 MaxDeliveryCountExceeded。
poison-message-note-6 = 正常订单继续处理。
poison-message-summary-1 = order-2 被传递 { $n1 } 次、放弃 { $n2 } 次，然后在 { $n3 } 秒时被移到死信队列。
poison-message-summary-2 = { $n1 } 个正常订单已完成；{ $n2 } 条消息在死信队列中等待人工处理或修复作业。
poison-message-figure-1 = order-2 的传递次数
poison-message-figure-1-value = { $n1 }
poison-message-figure-2 = 在死信队列中
poison-message-figure-2-value = { $n1 }

## explicit-dead-letter

explicit-dead-letter-title = 附带原因移到死信队列
explicit-dead-letter-description = 这个处理程序知道格式错误的订单永远不会成功，因此立即将它移到死信队列，并附上原因和说明，而不是让它失败三次。
explicit-dead-letter-note-1 = Handler 完成 order-1。
explicit-dead-letter-note-2 = order-2 永远不会成功：Handler 立即将它移到死信队列。你的代码可从其应用程序属性中读取原因：msg.application_properties[b'DeadLetterReason']（Python）、message.DeadLetterReason（.NET）。
explicit-dead-letter-note-3 = 没有浪费任何重试：接下来是 order-3。
explicit-dead-letter-summary-1 = order-2 在 { $n1 } 次传递后就进入了死信队列，而不是 { $n2 } 次：处理程序说明了原因。
explicit-dead-letter-summary-2 = { $n1 } 个订单已完成，{ $n2 } 个被移到死信队列。

## defer

defer-title = 延迟，然后按序列号接收
defer-description = R1 在 step-1 发生之前就收到了 step-2，因此延迟了它：消息留在队列中，但普通接收会跳过它。step-1 完成后，R1 按序列号接收这条延迟的消息。
defer-note-1 = R1 接收到 step-2，但 step-1 尚未发生。
defer-note-2 = R1 延迟 step-2：它留在队列中，但普通接收会跳过它。R1 记下它的序列号 { $n1 }。
defer-note-3 = 下一次接收返回 step-1。
defer-note-4 = step-1 已完成。
defer-note-5 = R1 按序列号接收 step-2。
defer-note-6 = step-2 按正确的顺序完成。
defer-summary-1 = step-2 以延迟状态等待了 { $n1 } 秒；只有按序列号接收才能取到它。

## idempotent-receiver

idempotent-receiver-title = 锁丢失后 Complete 失败：以幂等方式处理
idempotent-receiver-description = 处理时间超过了锁定，因此 Complete 失败，消息重新回来。接收方记住已处理过的 MessageId，第二次跳过工作，直接完成：处理一次，传递两次。
idempotent-receiver-note-1 = Payments 接收 payment-1。处理时间超过 { $n1 } 秒的锁定。
idempotent-receiver-note-2 = Payments 仍在处理时，锁就过期了。
idempotent-receiver-note-3 = 工作已完成，但 Complete 失败：MessageLockLost。payment-1 重新回来（传递计数 { $n1 }）；Payments 记得已处理过这个 MessageId，于是跳过工作，直接完成。
idempotent-receiver-summary-1 = payment-1 被传递了 { $n1 } 次，只处理了一次。如果没有幂等检查，这笔款项会被收取两次。

## lock-lost

lock-lost-title = 实体更新导致锁丢失
lock-lost-description = R1 和 R2 各持有一个锁时，管理员更改了队列的设置（MaxDeliveryCount 10 → 5）。代理丢弃该队列上的所有锁：两条消息立即返回，传递计数各加一，迟到的 Complete 均失败，返回 MessageLockLost。R1 再次接收 m1，此时传递计数为 2。
lock-lost-note-1 = R1 持有 m1，R2 持有 m2。
lock-lost-note-2 = 管理员更改了队列的设置。代理丢弃该队列上的所有锁。
lock-lost-note-3 = 两个迟到的 Complete 都失败：MessageLockLost。
lock-lost-note-4 = R1 再次接收 m1（传递计数 { $n1 }），并完成它。
lock-lost-summary-1 = { $n2 } 秒时丢失了 { $n1 } 个锁，{ $n3 } 个 Complete 被拒绝；m2 在队列中等待（剩余 { $n4 } 条）。

## ttl-expiry

ttl-expiry-title = 生存时间过期后进入死信队列
ttl-expiry-description = 消息的生存时间为 10 秒，队列会将过期消息移到死信队列。接收方启动较晚：过期消息在它第一次接收时才被收集，并以原因 TTLExpiredException 进入死信队列。
ttl-expiry-note-1 = S1 发送 quote-1 和 quote-2。它们的生存时间为 { $n1 } 秒。
ttl-expiry-note-2 = 它们的时间到了：已经过期，但还没有人查看。
ttl-expiry-note-3 = S1 发送 quote-3。
ttl-expiry-note-4 = Late 开始接收。代理收集过期的报价，将它们移到死信队列（TTLExpiredException）；Late 拿到 quote-3。
ttl-expiry-summary-1 = { $n1 } 条报价已过期，在 { $n2 } 秒出现接收时进入死信队列；{ $n3 } 条得到处理。

## duplicate-detection

duplicate-detection-title = 重复检测
duplicate-detection-description = 发送方误判了一次超时，于是重试 order-1。在 60 秒的时间窗口内，代理报告成功并丢弃重复消息；时间窗口过后，同一 ID 会再次被接受。
duplicate-detection-note-1 = S1 发送 order-1。
duplicate-detection-note-2 = S1 误判了一次超时，重试 order-1。代理报告成功，并丢弃重复消息。
duplicate-detection-note-3 = 时间窗口为 { $n1 } 秒。窗口过去很久之后，同一 ID 又成为一条新消息。
duplicate-detection-summary-1 = order-1 共发送 { $n1 } 次：{ $n2 } 次在时间窗口内被丢弃，{ $n3 } 次被存储。

## scheduled

scheduled-title = 计划的消息
scheduled-description = 一条提醒被计划在 10 秒后生效：它先等待，对接收方不可见，然后以新的序列号变为活动状态。
scheduled-note-1 = S1 将一条提醒计划在 { $n1 } 秒时生效。它在等待，对接收方不可见。
scheduled-note-2 = R1 接收：它拿到的是后发送的消息，而不是计划的提醒。
scheduled-note-3 = { $n1 } 秒时，提醒变为活动状态，并获得新的序列号 { $n2 }。
scheduled-note-4 = 现在 R1 接收到了这条提醒。
scheduled-summary-1 = 提醒在 { $n1 } 秒时被计划，在 { $n2 } 秒时变为可见。

## sessions

sessions-title = 使用会话进行有序处理
sessions-description = 两个客户的订单交错到达。每个接收方接受一个客户的会话，按顺序获取该客户的消息，其他人都无法取走这些消息。
sessions-note-1 = customer-A 和 customer-B 的订单在同一个队列中交错。
sessions-note-2 = R1 接受 customer-A 的会话；R2 接受下一个空闲的会话。每个会话都被其接收方锁定。
sessions-note-3 = 每个接收方按顺序获取各自客户的消息。
sessions-note-4 = 全部已处置。
sessions-summary-1 = { $n1 } 个会话，完成了 { $n2 } 条消息，每条都由持有其会话的接收方按顺序完成。

## load-levelling

load-levelling-title = 突发流量下的负载调节
load-levelling-description = 约两秒内突发涌入 200 个订单。两个工作进程各自同时处理两个订单，每个耗时 400 到 600 毫秒，按自己的稳定节奏消化积压，合计每秒约八个。队列吸收了这次突发。
load-levelling-note-1 = 突发：{ $n2 } 秒内涌入 { $n1 } 个订单。
load-levelling-note-2 = 队列吸收了突发。{ $n1 } 个工作进程按自己的节奏取用订单，而不是按发送方的节奏。
load-levelling-note-3 = 仍在稳定地消化积压。
load-levelling-note-4 = 队列再次清空。
load-levelling-summary-1 = { $n1 } 个订单在 { $n2 } 秒内到达；工作进程每秒完成约 { $n3 } 个，在 { $n4 } 秒时全部完成。
load-levelling-figure-1 = 每秒消化的订单数
load-levelling-figure-1-value = { $n1 }

## topic-fan-out

topic-fan-out-title = 订单扇出；billing 只接收 EU 订单
topic-fan-out-note-1 = S1 将 o1（region eu）和 o2（region us）发布到主题 orders。audit 保留默认规则，接收所有消息；billing 只有一条规则 eu，接收 region = eu 的消息。
topic-fan-out-note-2 = o1 扇出为 { $n1 } 个副本，每个订阅一个；o2 只匹配 audit 的规则：{ $n2 } 个副本。每个订阅为自己的副本单独编号：o2 在 audit 中的序列号为 { $n3 }。
topic-fan-out-note-3 = A1 从 audit 接收 { $n1 } 条消息；B1 从 billing 接收 { $n2 } 条，即 o1 的另一个副本。每个副本由各自的接收方单独锁定。
topic-fan-out-note-4 = B1 在 { $n1 } 秒时完成 billing 中 o1 的副本。audit 中的副本是另一条消息：仍被 A1 锁定，不受影响。
topic-fan-out-summary-1 = o1 到达了 { $n1 } 个订阅，o2 只到达 { $n2 } 个：billing 的相关性筛选器将 o2 排除在外。
topic-fan-out-summary-2 = 完成 billing 中 o1 的副本对 audit 中的副本毫无影响：audit 中仍有 { $n1 } 条消息，billing 中有 { $n2 } 条。
topic-fan-out-figure-1 = o1 的副本数
topic-fan-out-figure-1-value = { $n1 }
topic-fan-out-figure-2 = o2 的副本数
topic-fan-out-figure-2-value = { $n1 }

## poison-copy

poison-copy-title = 有害副本在一个订阅中进入死信队列，另一个订阅照常完成自己的副本
poison-copy-description = 一个订单扇出到 audit 和 billing。Billing 的处理程序每次处理它都失败并放弃它：传递达到 max_delivery_count（3）次后，billing 的副本进入 billing 的死信队列。audit 的副本是另一条消息，有自己的锁和传递计数：Audit 立即完成它，不受 billing 问题的影响。
poison-copy-note-1 = Shop 将 order-7 发布到主题 orders：共 { $n1 } 个副本，audit 和 billing 中各一个，各有自己的锁和传递计数。
poison-copy-note-2 = Audit 在 { $n1 } 秒时完成其副本。只有 audit 中的副本消失了：billing 中的副本仍在等待。
poison-copy-note-3 = Billing 取走其副本（第 { $n1 } 次传递）；其处理程序在处理消息正文时抛出异常，并放弃了它。
poison-copy-note-4 = 第 { $n1 } 次传递（共 { $n2 } 次）：再次被放弃。
poison-copy-note-5 = 第 { $n1 } 次传递是 billing 的最后一次（MaxDeliveryCount { $n2 }）：代理将 billing 的副本移到 billing 的死信队列。
poison-copy-note-6 = billing 的死信队列中有 { $n1 } 条消息；audit 的死信队列中有 { $n2 } 条。有害副本从未影响 audit 的死信队列。
poison-copy-summary-1 = audit 的副本在 { $n1 } 秒时、第一次传递时就已完成，那时 billing 的问题还没有开始。
poison-copy-summary-2 = billing 的副本被传递了 { $n1 } 次，每次都被放弃，并在 { $n2 } 秒时被移到死信队列（MaxDeliveryCountExceeded），只影响 billing 的死信队列。
poison-copy-figure-1 = audit 副本的传递次数
poison-copy-figure-1-value = { $n1 }
poison-copy-figure-2 = billing 副本的传递次数
poison-copy-figure-2-value = { $n1 }
poison-copy-figure-3 = 在 billing 的死信队列中
poison-copy-figure-3-value = { $n1 }

## request-reply

request-reply-title = 使用 reply_to 和 correlation_id 的请求/答复
request-reply-note-1 = Client 将 req-1 发送到队列 requests，并设置 reply_to = replies，即它希望接收答复的位置。代理会存储 reply_to，但从不据此执行任何操作。
request-reply-note-2 = Server 从 requests 接收 req-1，并读取其 reply_to。
request-reply-note-3 = Server 将 rep-1 发送到 req-1 指定的队列 replies，并设置 correlation_id = req-1；然后完成 req-1。
request-reply-note-4 = Client 从 replies 接收 rep-1，并根据 correlation_id 将它与自己的请求匹配。
request-reply-note-5 = Client 完成该答复：requests 中剩余 { $n1 } 条消息，replies 中剩余 { $n2 } 条。
request-reply-summary-1 = req-1 在 requests 中等待 Server 达 { $n1 } 秒；rep-1 在 replies 中等待 Client 达 { $n2 } 秒。
request-reply-summary-2 = 答复在请求发送 { $n1 } 秒后，经由请求指定的队列返回：服务总线只负责携带 reply_to 和 correlation_id，由应用程序据此采取行动。
request-reply-figure-1 = 从请求到答复的秒数
request-reply-figure-1-value = { $n1 }

## competing-consumers-subscription

competing-consumers-subscription-title = 同一订阅上的竞争使用者
competing-consumers-subscription-description = 三个订单到达主题；订阅“work”中各有一个副本。两个工作进程从同一订阅接收：每个副本只交给一个工作进程，并被它锁定。W2 完成了自己的副本；W1 的锁在它处置之前就已用尽，因此它的副本重新回来（传递计数 2），由 W2 取走。订阅“audit”始终保留自己的三个副本。
competing-consumers-subscription-note-1 = Shop 发布 { $n1 } 个订单。每个订阅都获得每个订单各自的副本：audit 中 { $n2 } 个，work 中 { $n3 } 个。
competing-consumers-subscription-note-2 = W1 和 W2 从同一个订阅 work 接收：每个副本只交给其中一个。W1 锁定 o1；W2 锁定 o2 和 o3。
competing-consumers-subscription-note-3 = W2 在 { $n1 } 秒时完成 o2 和 o3。
competing-consumers-subscription-note-4 = W1 尚未处置 o1：它对 work 中副本的锁在 { $n1 } 秒时用尽（work 的锁定持续时间为 { $n2 } 秒）。该副本再次可用。
competing-consumers-subscription-note-5 = W2 取走 o1：第 { $n1 } 次传递。
competing-consumers-subscription-note-6 = W2 在 { $n1 } 秒时完成 o1。
competing-consumers-subscription-note-7 = W1 迟到的 o1 Complete 失败，返回 MessageLockLost：那时该副本已归 W2。
competing-consumers-subscription-summary-1 = work 的 { $n1 } 个副本由其接收方分担：W2 完成了 { $n2 } 个，W1 完成了 { $n3 } 个（它的锁在 { $n4 } 秒后用尽）。
competing-consumers-subscription-summary-2 = audit 始终保留自己的 { $n1 } 个副本：竞争使用者只分担同一个订阅的副本，从不涉及其他订阅的副本。
competing-consumers-subscription-figure-1 = W2 完成的数量
competing-consumers-subscription-figure-1-value = { $n1 }
competing-consumers-subscription-figure-2 = W1 完成的数量
competing-consumers-subscription-figure-2-value = { $n1 }
competing-consumers-subscription-figure-3 = 仍在 audit 中的副本
competing-consumers-subscription-figure-3-value = { $n1 }

## crash-peek-lock-vs-receive-and-delete

crash-peek-lock-vs-receive-and-delete-title = 扫视锁定模式与接收并删除模式下的崩溃
crash-peek-lock-vs-receive-and-delete-description = 同一个工作进程在处理 invoice-1 时崩溃。在扫视锁定模式下，消息只是被锁定；在接收并删除模式下，消息在交出时就已被删除。
crash-peek-lock-vs-receive-and-delete-variant-1 = 扫视锁定
crash-peek-lock-vs-receive-and-delete-variant-2 = 接收并删除
crash-peek-lock-vs-receive-and-delete-fact-1 = 崩溃时间
crash-peek-lock-vs-receive-and-delete-fact-1-value = { $n1 } 秒
crash-peek-lock-vs-receive-and-delete-fact-2 = invoice-1 的传递次数
crash-peek-lock-vs-receive-and-delete-fact-2-value = { $n1 }
crash-peek-lock-vs-receive-and-delete-fact-3 = invoice-1 的完成次数
crash-peek-lock-vs-receive-and-delete-fact-3-value = { $n1 }
crash-peek-lock-vs-receive-and-delete-fact-4 = 队列中剩余
crash-peek-lock-vs-receive-and-delete-fact-4-value = { $n1 }
crash-peek-lock-vs-receive-and-delete-difference = 两个队列最后都为空，但只有扫视锁定模式处理了 invoice-1：它的锁在 { $n1 } 秒时过期，并在 { $n2 } 秒时被完成。接收并删除模式在 { $n3 } 秒时就删除了它，早于 { $n4 } 秒时的崩溃：没有任何办法能找回它。

## crash-short-vs-long-lock

crash-short-vs-long-lock-title = 短锁定与长锁定下的崩溃
crash-short-vs-long-lock-description = R1 取走 order-1 后崩溃。它的锁比它存活得更久（格式 v1.1）：锁过期之前，谁也拿不到 order-1。锁定持续时间就是崩溃的代价。
crash-short-vs-long-lock-variant-1 = 30 秒锁定
crash-short-vs-long-lock-variant-2 = 5 分钟锁定
crash-short-vs-long-lock-fact-1 = 锁定持续时间
crash-short-vs-long-lock-fact-1-value = { $n1 } 秒
crash-short-vs-long-lock-fact-2 = 崩溃时间
crash-short-vs-long-lock-fact-2-value = { $n1 } 秒
crash-short-vs-long-lock-fact-3 = order-1 再次可用的时间
crash-short-vs-long-lock-fact-3-value = { $n1 } 秒
crash-short-vs-long-lock-fact-4 = 崩溃后的等待
crash-short-vs-long-lock-fact-4-value = { $n1 } 秒
crash-short-vs-long-lock-fact-5 = R2 的空接收次数
crash-short-vs-long-lock-fact-5-value = { $n1 }
crash-short-vs-long-lock-difference = 同样的崩溃，锁定 { $n2 } 秒时 order-1 等待了 { $n1 } 秒，锁定 { $n4 } 秒时等待了 { $n3 } 秒：每次都是锁定的剩余时间。

## send-modes-side-by-side

send-modes-side-by-side-title = 逐个发送、全部同时发送还是十个在途
send-modes-side-by-side-description = 同一个发送方通过相同的网络（往返 70 毫秒，存储 10 毫秒）发送 100 条消息。唯一的区别是等待发送的方式。
send-modes-side-by-side-variant-1 = 逐个发送
send-modes-side-by-side-variant-2 = 全部同时
send-modes-side-by-side-variant-3 = 十个在途
send-modes-side-by-side-fact-1 = 全部答复返回用时
send-modes-side-by-side-fact-1-value = { $n1 } 毫秒
send-modes-side-by-side-fact-2 = 已存储的消息
send-modes-side-by-side-fact-2-value = { $n1 }
send-modes-side-by-side-fact-3 = 失败
send-modes-side-by-side-fact-3-value = { $n1 }
send-modes-side-by-side-difference = 同样的 { $n1 } 条消息，逐个等待用了 { $n2 } 毫秒，全部同时启动用了 { $n3 } 毫秒，限制在途数量则用了 { $n4 } 毫秒。

## idempotent-vs-not

idempotent-vs-not-title = 有无幂等接收方的对比
idempotent-vs-not-description = 处理 payment-1 的时间超过了它的锁定，因此 Complete 失败，消息重新回来。一个接收方会记住已处理过的 MessageId；另一个则重新执行工作。
idempotent-vs-not-variant-1 = 幂等
idempotent-vs-not-variant-2 = 非幂等
idempotent-vs-not-fact-1 = payment-1 的传递次数
idempotent-vs-not-fact-1-value = { $n1 }
idempotent-vs-not-fact-2 = 工作启动次数
idempotent-vs-not-fact-2-value = { $n1 }
idempotent-vs-not-fact-3 = 已完成
idempotent-vs-not-fact-3-value = { $n1 }
idempotent-vs-not-fact-4 = 失败的 Complete
idempotent-vs-not-fact-4-value = { $n1 }
idempotent-vs-not-difference = 幂等接收方在 { $n2 } 次传递中执行了 { $n1 } 次付款工作，并在 { $n3 } 秒时完成。没有幂等性时，{ $n5 } 次传递中工作启动了 { $n4 } 次，运行结束时 payment-1 仍未完成：每次尝试都超过了锁定时间。
