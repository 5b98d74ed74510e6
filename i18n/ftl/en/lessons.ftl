# The built-in lessons and comparisons, made from the documents themselves
# (i18n/tests/lessons.rs); do not edit by hand. A caption's numbers are $n1, $n2, …
# in order; each language writes them with its own plural forms and separators.

## send-settlement

send-settlement-title = Send settlement: accepted or rejected
send-settlement-description = Every send waits for the broker's answer. Most come back accepted; some come back rejected because the broker is busy, with a tracking id and a hint that a retry can succeed. A rejected message is not in the queue.
send-settlement-note-1 = Slow motion: Orders sends { $n1 } orders one at a time and awaits each answer before the next.
send-settlement-note-2 = Accepted: { $n1 } ms after it started, the answer is back. Orders knows Orders-1 is in the queue.
send-settlement-note-3 = Rejected: the broker was busy (ServiceBusy, with a tracking id and "retryable"). This message is not in the queue, and Orders knows it: it could retry.
send-settlement-note-4 = Every answer arrives before the next send starts: nothing is lost without the sender knowing.
send-settlement-summary-1 = { $n1 } sends accepted, { $n2 } rejected, each one seen by the sender.
send-settlement-summary-2 = The queue holds { $n1 } messages: exactly the accepted ones.
send-settlement-figure-1 = accepted
send-settlement-figure-1-value = { $n1 }
send-settlement-figure-2 = rejected, and known
send-settlement-figure-2-value = { $n1 }

## send-modes

send-modes-title = One at a time, pipelined, or throttled
send-modes-description = Three senders each send 100 messages over a 70 ms round trip with 10 ms to store. Awaiting each send takes 100 × 80 = 8,000 ms; starting them all at once takes about 80 ms; ten in flight at a time takes 10 waves × 80 = 800 ms.
send-modes-note-1 = { $n1 } senders, { $n2 } messages each, the same network: only how they await differs.
send-modes-note-2 = all-at-once started every send without waiting and awaited them together: done after { $n1 } ms.
send-modes-note-3 = ten-in-flight keeps a few sends in flight at a time: done after { $n1 } ms.
send-modes-note-4 = one-at-a-time is still going: each send waits for the previous answer, a full round trip each.
send-modes-note-5 = one-at-a-time is finally done: { $n1 } ms for the same messages.
send-modes-summary-1 = Awaiting each send: { $n1 } ms. Starting them all at once: { $n2 } ms. A few in flight at a time: { $n3 } ms.
send-modes-summary-2 = The broker stored { $n1 } messages either way; only the waiting differs.
send-modes-figure-1 = one-at-a-time
send-modes-figure-1-value = { $n1 } ms
send-modes-figure-2 = all-at-once
send-modes-figure-2-value = { $n1 } ms
send-modes-figure-3 = ten-in-flight
send-modes-figure-3-value = { $n1 } ms

## fire-and-forget

fire-and-forget-title = Fire and forget: the errors nobody sees
fire-and-forget-description = This sender starts every send and never looks at the results. All 50 sit in memory at once, and the ones the busy broker rejects are simply gone: no exception, no log line, fewer messages in the queue than were sent.
fire-and-forget-note-1 = Slow motion: Careless starts all { $n1 } sends at once and never awaits any of them.
fire-and-forget-note-2 = Messages arrive in the queue. Watch its count: it stays below the number sent.
fire-and-forget-note-3 = The last answer is back, and nobody looked at any of them.
fire-and-forget-summary-1 = { $n1 } sends started; the queue holds { $n2 }.
fire-and-forget-summary-2 = { $n1 } messages were rejected and nobody noticed: no exception, no log line.
fire-and-forget-figure-1 = sent
fire-and-forget-figure-1-value = { $n1 }
fire-and-forget-figure-2 = in the queue
fire-and-forget-figure-2-value = { $n1 }
fire-and-forget-figure-3 = lost unnoticed
fire-and-forget-figure-3-value = { $n1 }

## presettled

presettled-title = Presettled sends: no answer, ever
presettled-description = Presettled transfers are fire-and-forget at the protocol level: the broker never answers. When the queue is full the broker refuses them, and the sender cannot know.
presettled-note-1 = Telemetry sends presettled readings: the broker never answers, not even to say yes.
presettled-note-2 = The queue is full ({ $n1 } bytes). The broker refuses this reading and the sender hears nothing.
presettled-note-3 = It keeps sending into a full queue, none the wiser.
presettled-summary-1 = { $n1 } readings sent, { $n2 } stored, { $n3 } refused by the broker.
presettled-summary-2 = The sender saw { $n1 } errors: a presettled send cannot fail as far as it knows.
presettled-figure-1 = refused, unseen
presettled-figure-1-value = { $n1 }

## receive-and-delete-crash

receive-and-delete-crash-title = Receive-and-delete loses a message on a crash
receive-and-delete-crash-description = In receive-and-delete mode a message is gone from the queue the moment it is handed over. This worker crashes while processing one: that message is lost for good, and nobody ever completes it.
receive-and-delete-crash-note-1 = Worker receives invoice-1 in receive-and-delete mode: the broker deletes it the moment it hands it over.
receive-and-delete-crash-note-2 = Worker crashes { $n1 } s into processing invoice-1.
receive-and-delete-crash-note-3 = Worker is back and takes invoice-2. invoice-1 is not in the queue any more: nobody will ever finish it.
receive-and-delete-crash-note-4 = invoice-3, the last one.
receive-and-delete-crash-summary-1 = { $n1 } invoices were handed over and deleted at once; the queue is empty ({ $n2 } left).
receive-and-delete-crash-summary-2 = invoice-1 was lost in the crash at { $n1 } s: receive-and-delete gives no second chance.

## peek-lock

peek-lock-title = Peek-lock survives a crash
peek-lock-description = The same crash in peek-lock mode: the message was only locked. The lock outlives the crashed process: invoice-1 stays locked until its 10-second lock expires, and nobody can take it meanwhile. Then the broker counts a failed delivery and hands it out again, and the restarted worker completes it. Nothing is lost; it only waited.
peek-lock-note-1 = Worker receives invoice-1 in peek-lock mode: the message stays in the queue, locked for { $n1 } s.
peek-lock-note-2 = Worker crashes. invoice-1 stays locked: the lock outlives the process.
peek-lock-note-3 = Worker is back and takes invoice-2. invoice-1 is still locked, so nobody can take it yet.
peek-lock-note-4 = The lock expires at { $n1 } s: invoice-1 is available again, one failed delivery counted.
peek-lock-note-5 = invoice-1 again, delivery count { $n1 }. This time it is completed.
peek-lock-summary-1 = { $n1 } invoices completed, { $n2 } left: nothing was lost.
peek-lock-summary-2 = invoice-1 waited { $n1 } s after the crash for its lock to run out, then was delivered again (delivery count { $n2 }).

## crash-short-lock

crash-short-lock-title = A crash with a 30-second lock: 30 seconds of waiting
crash-short-lock-description = R1 receives order-1 in peek-lock mode at 1 s and crashes at 5 s. Its lock does not die with it: order-1 stays locked until 31 s, invisible to everyone. R2 polls every 10 s and gets nothing. At 31 s the lock expires, the broker counts a failed delivery, and R2 receives order-1 with delivery count 2 and completes it. R1, back at 8 s, can no longer complete it. The lock duration is how long a crashed receiver's messages wait.
crash-short-lock-note-1 = R1 receives order-1 in peek-lock mode. Its lock lasts { $n1 } s.
crash-short-lock-note-2 = R1 crashes: its connection drops. order-1 stays locked to the dead receiver.
crash-short-lock-note-3 = R1 is back and tries to complete order-1: MessageLockLost. A new connection cannot settle the old lock.
crash-short-lock-note-4 = R2 asks for a message and gets nothing: order-1 is in the queue but locked.
crash-short-lock-note-5 = The lock expires at { $n1 } s: order-1 is available again, and R2's next receive gets it (delivery count { $n2 }).
crash-short-lock-note-6 = R2 completes order-1.
crash-short-lock-summary-1 = order-1 waited { $n1 } s after the crash: the rest of its { $n2 } s lock.
crash-short-lock-summary-2 = R2 asked { $n1 } times; it got order-1 only after the lock expired.
crash-short-lock-figure-1 = waited after the crash
crash-short-lock-figure-1-value = { $n1 } s

## crash-long-lock

crash-long-lock-title = A 5-minute lock means 5 minutes of waiting after a crash
crash-long-lock-description = The same crash with the longest lock Service Bus allows, 5 minutes. R1 receives order-1 at 1 s and crashes at 5 s; order-1 stays locked to the dead receiver until 301 s. R2 polls every minute and gets nothing for five minutes, though the message sits in the queue. Only when the lock expires does the broker count a failed delivery and hand order-1 to R2 (delivery count 2). A long lock protects slow work, and costs exactly this wait when a receiver dies.
crash-long-lock-note-1 = R1 receives order-1. The lock lasts { $n1 } minutes, the longest Service Bus allows.
crash-long-lock-note-2 = R1 crashes. order-1 stays locked to the dead receiver.
crash-long-lock-note-3 = R2 polls and gets nothing, though order-1 sits in the queue.
crash-long-lock-note-4 = Still nothing: the lock has not run out.
crash-long-lock-note-5 = The lock expires at { $n1 } s. Only now can anyone have order-1: R2 receives it (delivery count { $n2 }).
crash-long-lock-note-6 = R2 completes order-1.
crash-long-lock-summary-1 = order-1 waited { $n1 } s after the crash before anyone could process it.
crash-long-lock-summary-2 = A long lock protects slow work; when a receiver dies it costs exactly this wait. Compare crash-short-lock.
crash-long-lock-figure-1 = waited after the crash
crash-long-lock-figure-1-value = { $n1 } s

## competing-consumers

competing-consumers-title = Competing consumers skip locked messages
competing-consumers-description = Three receivers read one queue. Each gets the next message nobody holds a lock on, so every message is processed by exactly one of them.
competing-consumers-note-1 = { $n1 } receivers read one queue of { $n2 } jobs. Each receive skips what others hold: R1, R2 and R3 get different jobs.
competing-consumers-note-2 = A receiver finishes and takes the next job nobody holds.
competing-consumers-note-3 = The last job is done.
competing-consumers-summary-1 = { $n1 } jobs completed, { $n2 } deliveries: every job was processed exactly once.

## lock-expiry

lock-expiry-title = Lock expiry and redelivery
lock-expiry-description = R1 receives m1 and never settles it. After the 30-second lock the broker takes it back and counts a failed delivery; R2 receives it with delivery count 2; R1's late Complete is refused with MessageLockLost.
lock-expiry-note-1 = R1 receives m1; the lock lasts { $n1 } s. R1 will not settle it in time.
lock-expiry-note-2 = The lock expires at { $n1 } s. The broker takes m1 back and counts a failed delivery.
lock-expiry-note-3 = R2 receives m1 with delivery count { $n1 }.
lock-expiry-note-4 = R1's late Complete is refused: MessageLockLost.
lock-expiry-note-5 = R2 completes m1 within its own lock.
lock-expiry-summary-1 = m1 was delivered { $n1 } times; the first lock ran out { $n2 } s after R1 took it.
lock-expiry-summary-2 = Only the holder of the current lock can settle: R1's Complete failed, R2's succeeded.

## auto-renew

auto-renew-title = Renew lock and auto-renewal
auto-renew-description = Processing takes 90 seconds but the lock lasts 30. Careful renews the lock automatically before it runs out (as the .NET processor does) and completes fine; Naive does not, loses the lock, and its Complete fails.
auto-renew-note-1 = Both workers start a long job. The lock lasts { $n1 } s.
auto-renew-note-2 = Careful renews its lock before it runs out: now locked until { $n1 } s.
auto-renew-note-3 = Naive never renews: its lock on report-2 expires at { $n1 } s, while it is still working.
auto-renew-note-4 = Careful renews again, and again.
auto-renew-note-5 = Both finish. Careful completes report-1; Naive's Complete fails with MessageLockLost, and report-2 is back in the queue.
auto-renew-summary-1 = Careful renewed { $n1 } times and completed after { $n2 } s.
auto-renew-summary-2 = Naive's lock ran out at { $n1 } s; its work was wasted and report-2 waits for someone else ({ $n2 } left in the queue).

## lock-too-short

lock-too-short-title = A lock shorter than the work
lock-too-short-description = Each message takes 40 to 50 seconds to process, but the lock lasts 30. Every attempt runs out of lock, every Complete fails, and after MaxDeliveryCount (3) deliveries each message lands in the dead-letter queue.
lock-too-short-note-1 = Slow takes both messages. Each takes longer to process than the { $n1 } s lock.
lock-too-short-note-2 = Both locks expire while Slow is still working.
lock-too-short-note-3 = Slow finishes slow-1, but the Complete fails: MessageLockLost. It takes slow-1 again (delivery { $n1 }).
lock-too-short-note-4 = Delivery { $n1 } of { $n2 }, and the lock will run out again.
lock-too-short-note-5 = slow-1 goes to the dead-letter queue: MaxDeliveryCountExceeded. The work was never the problem; the lock was.
lock-too-short-summary-1 = { $n1 } lock expiries, { $n2 } failed Completes, { $n3 } successful ones.
lock-too-short-summary-2 = Both messages ended in the dead-letter queue ({ $n1 }) after { $n2 } deliveries. Renew the lock or make it longer than the work.

## abandon

abandon-title = Abandon: give it back now
abandon-description = R1 abandons m1 instead of waiting for the lock to run out. The broker counts a failed delivery and, since m1 has the lowest sequence number, hands it out again first, before m2.
abandon-note-1 = R1 receives m1.
abandon-note-2 = R1 abandons m1: it goes back at once, one failed delivery counted, no waiting for the lock.
abandon-note-3 = m1 has the lowest sequence number, so it comes out first again, ahead of m2: delivery count { $n1 }.
abandon-note-4 = R1 completes m1.
abandon-summary-1 = m1 came back { $n1 } s after the abandon, not after the lock duration.

## poison-message

poison-message-title = A poison message goes to the dead-letter queue
poison-message-description = One order is malformed: the handler throws on it every time, which abandons it. After MaxDeliveryCount (3) deliveries the broker moves it to the dead-letter queue with reason MaxDeliveryCountExceeded; the good orders are completed around it.
poison-message-note-1 = S1 sends { $n1 } orders. order-2 is malformed: the handler throws on it every time.
poison-message-note-2 = Handler takes order-2 (delivery { $n1 }). It throws, which abandons it.
poison-message-note-3 = order-2 is back first, lowest sequence number: delivery { $n1 }. It throws again.
poison-message-note-4 = Delivery { $n1 } of { $n2 }: the last attempt allowed.
poison-message-note-5 = MaxDeliveryCount reached: the broker moves order-2 to the dead-letter queue, reason MaxDeliveryCountExceeded.
poison-message-note-6 = The good orders carry on.
poison-message-summary-1 = order-2 was delivered { $n1 } times and abandoned { $n2 } times, then dead-lettered at { $n3 } s.
poison-message-summary-2 = { $n1 } good orders completed; { $n2 } message waits in the dead-letter queue for a person or a repair job.
poison-message-figure-1 = deliveries of order-2
poison-message-figure-1-value = { $n1 }
poison-message-figure-2 = in the dead-letter queue
poison-message-figure-2-value = { $n1 }

## explicit-dead-letter

explicit-dead-letter-title = Dead-letter with a reason
explicit-dead-letter-description = This handler knows a malformed order will never succeed, so it dead-letters it at once with a reason and description, instead of letting it fail three times.
explicit-dead-letter-note-1 = Handler completes order-1.
explicit-dead-letter-note-2 = order-2 can never succeed: Handler dead-letters it at once. Your code reads the reason from its application properties: msg.application_properties[b'DeadLetterReason'] (Python), message.DeadLetterReason (.NET).
explicit-dead-letter-note-3 = No retries wasted: order-3 follows.
explicit-dead-letter-summary-1 = order-2 went to the dead-letter queue after { $n1 } delivery, not { $n2 }: the handler said why.
explicit-dead-letter-summary-2 = { $n1 } orders completed, { $n2 } dead-lettered.

## defer

defer-title = Defer, then receive by sequence number
defer-description = R1 receives step-2 before step-1 has happened, so it defers it: the message stays in the queue but plain receives skip it. Once step-1 is done, R1 receives the deferred message by its sequence number.
defer-note-1 = R1 receives step-2, but step-1 has not happened yet.
defer-note-2 = R1 defers step-2: it stays in the queue, but plain receives skip it. R1 notes its sequence number, { $n1 }.
defer-note-3 = The next receive returns step-1.
defer-note-4 = step-1 is done.
defer-note-5 = R1 receives step-2 by its sequence number.
defer-note-6 = step-2 is completed, in the right order.
defer-summary-1 = step-2 waited deferred for { $n1 } s; only a receive by sequence number could reach it.

## idempotent-receiver

idempotent-receiver-title = Complete fails after lock loss: process idempotently
idempotent-receiver-description = Processing outlasts the lock, so the Complete fails and the message comes back. The receiver remembers which MessageIds it already handled, skips the work the second time, and just completes it: processed once, delivered twice.
idempotent-receiver-note-1 = Payments receives payment-1. Processing takes longer than the { $n1 } s lock.
idempotent-receiver-note-2 = The lock expires while Payments is still working.
idempotent-receiver-note-3 = The work is done, but the Complete fails: MessageLockLost. payment-1 comes back (delivery count { $n1 }); Payments remembers it already processed this MessageId, skips the work and just completes.
idempotent-receiver-summary-1 = payment-1 was delivered { $n1 } times and processed once. Without the idempotent check the payment would have been taken twice.

## lock-lost

lock-lost-title = Locks lost on an entity update
lock-lost-description = R1 and R2 each hold a lock when an administrator changes the queue's settings (MaxDeliveryCount 10 → 5). The broker drops every lock it holds: both messages come back at once with their delivery count up by one, and the late Completes fail with MessageLockLost. R1 receives m1 again, now with delivery count 2.
lock-lost-note-1 = R1 holds m1 and R2 holds m2.
lock-lost-note-2 = An administrator changes the queue's settings. The broker drops every lock it holds.
lock-lost-note-3 = Both late Completes fail: MessageLockLost.
lock-lost-note-4 = R1 receives m1 again, delivery count { $n1 }, and completes it.
lock-lost-summary-1 = { $n1 } locks lost at { $n2 } s, { $n3 } Completes refused; m2 waits in the queue ({ $n4 } left).

## ttl-expiry

ttl-expiry-title = Time-to-live expiry to the dead-letter queue
ttl-expiry-description = Messages live for 10 seconds and the queue dead-letters expired ones. The receiver starts late: the expired messages are collected when it first receives, and go to the dead-letter queue with reason TTLExpiredException.
ttl-expiry-note-1 = S1 sends quote-1 and quote-2. They live { $n1 } s.
ttl-expiry-note-2 = Their time is up: they are expired, but nobody has looked yet.
ttl-expiry-note-3 = S1 sends quote-3.
ttl-expiry-note-4 = Late starts receiving. The broker collects the expired quotes and moves them to the dead-letter queue (TTLExpiredException); Late gets quote-3.
ttl-expiry-summary-1 = { $n1 } quotes expired into the dead-letter queue at { $n2 } s, when a receive came; { $n3 } was processed.

## duplicate-detection

duplicate-detection-title = Duplicate detection
duplicate-detection-description = The sender retries order-1 after a timeout it misread. Inside the 60-second window the broker reports success and drops the duplicate; after the window the same id is accepted again.
duplicate-detection-note-1 = S1 sends order-1.
duplicate-detection-note-2 = S1 retries order-1 after a timeout it misread. The broker reports success and drops the duplicate.
duplicate-detection-note-3 = The window is { $n1 } s. Long after it, the same id is a new message again.
duplicate-detection-summary-1 = { $n1 } sends of order-1: { $n2 } dropped inside the window, { $n3 } stored.

## scheduled

scheduled-title = Scheduled messages
scheduled-description = A reminder is scheduled for 10 seconds from now: it waits, invisible to receivers, then becomes active with a new sequence number.
scheduled-note-1 = S1 schedules a reminder for { $n1 } s. It waits, invisible to receivers.
scheduled-note-2 = R1 receives: it gets the message sent later, not the scheduled reminder.
scheduled-note-3 = At { $n1 } s the reminder becomes active, with a new sequence number, { $n2 }.
scheduled-note-4 = Now R1 receives the reminder.
scheduled-summary-1 = The reminder was scheduled at { $n1 } s and became visible at { $n2 } s.

## sessions

sessions-title = Sessions for ordered processing
sessions-description = Orders for two customers interleave. Each receiver accepts one customer's session and gets that customer's messages in order, while nobody else can take them.
sessions-note-1 = Orders for customer-A and customer-B interleave in one queue.
sessions-note-2 = R1 accepts customer-A's session; R2 accepts the next free one. Each session is locked to its receiver.
sessions-note-3 = Each receiver gets its customer's messages, in order.
sessions-note-4 = All settled.
sessions-summary-1 = { $n1 } sessions, { $n2 } messages completed, each by the receiver holding its session, in order.

## load-levelling

load-levelling-title = Load levelling under a burst
load-levelling-description = A burst of 200 orders arrives in about two seconds. Two workers, each processing two orders at a time for 400 to 600 ms, drain it at their own steady pace, about eight a second together. The queue absorbs the burst.
load-levelling-note-1 = A burst: { $n1 } orders arrive in { $n2 } s.
load-levelling-note-2 = The queue absorbs it. { $n1 } workers take orders at their own pace, not the sender's.
load-levelling-note-3 = Still draining, steadily.
load-levelling-note-4 = The queue is empty again.
load-levelling-summary-1 = { $n1 } orders arrived within { $n2 } s; the workers completed about { $n3 } a second and were done at { $n4 } s.
load-levelling-figure-1 = orders per second, drained
load-levelling-figure-1-value = { $n1 }

## topic-fan-out

topic-fan-out-title = Orders fan out; billing takes EU only
topic-fan-out-note-1 = S1 publishes o1 (region eu) and o2 (region us) to the topic orders. audit keeps the default rule, which takes every message; billing's only rule, eu, takes region = eu.
topic-fan-out-note-2 = o1 fans out into { $n1 } copies, one per subscription; o2 matches only audit's rule: { $n2 } copy. Each subscription numbers its own copies: o2 is seq { $n3 } in audit.
topic-fan-out-note-3 = A1 receives { $n1 } messages from audit; B1 receives { $n2 } from billing, o1's other copy. Each copy is locked on its own, by its own receiver.
topic-fan-out-note-4 = B1 completes billing's copy of o1 at { $n1 } s. audit's copy is another message: still locked by A1, untouched.
topic-fan-out-summary-1 = o1 reached { $n1 } subscriptions and o2 only { $n2 }: billing's correlation filter left o2 out.
topic-fan-out-summary-2 = Completing billing's copy of o1 did nothing to audit's: { $n1 } messages are still in audit, { $n2 } in billing.
topic-fan-out-figure-1 = copies of o1
topic-fan-out-figure-1-value = { $n1 }
topic-fan-out-figure-2 = copies of o2
topic-fan-out-figure-2-value = { $n1 }

## poison-copy

poison-copy-title = A poison copy dead-letters in one subscription while the other completes its own
poison-copy-description = One order fans out to audit and billing. Billing's handler fails on it and abandons it each time: after max_delivery_count (3) deliveries billing's copy goes to billing's dead-letter queue. Audit's copy is a different message with its own lock and delivery count: audit completes it at once, untouched by billing's trouble.
poison-copy-note-1 = Shop publishes order-7 to the topic orders: { $n1 } copies, one in audit and one in billing, each with its own lock and delivery count.
poison-copy-note-2 = Audit completes its copy at { $n1 } s. Only audit's copy is gone: billing's still waits.
poison-copy-note-3 = Billing takes its copy (delivery { $n1 }); its handler throws on the body and abandons it.
poison-copy-note-4 = Delivery { $n1 } of { $n2 }: abandoned again.
poison-copy-note-5 = Delivery { $n1 } was billing's last (MaxDeliveryCount { $n2 }): the broker moves billing's copy to billing's dead-letter queue.
poison-copy-note-6 = billing's dead-letter queue holds { $n1 } message; audit's holds { $n2 }. The poison copy never touched audit's.
poison-copy-summary-1 = audit completed its copy at { $n1 } s, on its first delivery, before billing's trouble began.
poison-copy-summary-2 = billing's copy was delivered { $n1 } times, abandoned each time, and dead-lettered at { $n2 } s (MaxDeliveryCountExceeded) in billing's dead-letter queue alone.
poison-copy-figure-1 = deliveries of audit's copy
poison-copy-figure-1-value = { $n1 }
poison-copy-figure-2 = deliveries of billing's copy
poison-copy-figure-2-value = { $n1 }
poison-copy-figure-3 = in billing's dead-letter queue
poison-copy-figure-3-value = { $n1 }

## request-reply

request-reply-title = Request/reply with reply_to and correlation_id
request-reply-note-1 = Client sends req-1 to the queue requests with reply_to = replies: where it wants the answer. The broker stores reply_to and never acts on it.
request-reply-note-2 = Server receives req-1 from requests and reads its reply_to.
request-reply-note-3 = Server sends rep-1 to replies, the queue req-1 named, with correlation_id = req-1; then it completes req-1.
request-reply-note-4 = Client receives rep-1 from replies and matches it to its request by correlation_id.
request-reply-note-5 = Client completes the reply: { $n1 } messages left in requests, { $n2 } in replies.
request-reply-summary-1 = req-1 waited { $n1 } s in requests for the Server; rep-1 waited { $n2 } s in replies for the Client.
request-reply-summary-2 = The answer came back { $n1 } s after the request was sent, through the queue the request named: Service Bus carries reply_to and correlation_id, the applications act on them.
request-reply-figure-1 = seconds from request to reply
request-reply-figure-1-value = { $n1 }

## competing-consumers-subscription

competing-consumers-subscription-title = Competing consumers on one subscription
competing-consumers-subscription-description = Three orders reach the topic; the 'work' subscription holds one copy of each. Two workers receive from the same subscription: each copy goes to one worker only, locked to it. W2 completes its copy; W1's lock runs out before it settles, so its copy comes back (delivery count 2) and W2 takes it. The 'audit' subscription keeps its own three copies throughout.
competing-consumers-subscription-note-1 = Shop publishes { $n1 } orders. Each subscription gets its own copy of each: { $n2 } in audit, { $n3 } in work.
competing-consumers-subscription-note-2 = W1 and W2 receive from the same subscription, work: each copy goes to one of them. W1 locks o1; W2 locks o2 and o3.
competing-consumers-subscription-note-3 = W2 completes o2 and o3 at { $n1 } s.
competing-consumers-subscription-note-4 = W1 has not settled o1: its lock on work's copy runs out at { $n1 } s (work's lock duration is { $n2 } s). The copy is available again.
competing-consumers-subscription-note-5 = W2 takes o1: delivery { $n1 }.
competing-consumers-subscription-note-6 = W2 completes o1 at { $n1 } s.
competing-consumers-subscription-note-7 = W1's late complete of o1 fails with MessageLockLost: the copy was W2's by then.
competing-consumers-subscription-summary-1 = work's { $n1 } copies were shared out between its receivers: W2 completed { $n2 }, W1 completed { $n3 } (its lock ran out after { $n4 } s).
competing-consumers-subscription-summary-2 = audit kept its own { $n1 } copies throughout: competing consumers share one subscription's copies, never another subscription's.
competing-consumers-subscription-figure-1 = completed by W2
competing-consumers-subscription-figure-1-value = { $n1 }
competing-consumers-subscription-figure-2 = completed by W1
competing-consumers-subscription-figure-2-value = { $n1 }
competing-consumers-subscription-figure-3 = copies still in audit
competing-consumers-subscription-figure-3-value = { $n1 }

## crash-peek-lock-vs-receive-and-delete

crash-peek-lock-vs-receive-and-delete-title = A crash in peek-lock and in receive-and-delete
crash-peek-lock-vs-receive-and-delete-description = The same worker crashes while processing invoice-1. In peek-lock mode the message was only locked; in receive-and-delete mode it was deleted when it was handed over.
crash-peek-lock-vs-receive-and-delete-variant-1 = peek-lock
crash-peek-lock-vs-receive-and-delete-variant-2 = receive-and-delete
crash-peek-lock-vs-receive-and-delete-fact-1 = crash at
crash-peek-lock-vs-receive-and-delete-fact-1-value = { $n1 } s
crash-peek-lock-vs-receive-and-delete-fact-2 = deliveries of invoice-1
crash-peek-lock-vs-receive-and-delete-fact-2-value = { $n1 }
crash-peek-lock-vs-receive-and-delete-fact-3 = invoice-1 completed
crash-peek-lock-vs-receive-and-delete-fact-3-value = { $n1 }
crash-peek-lock-vs-receive-and-delete-fact-4 = left in the queue
crash-peek-lock-vs-receive-and-delete-fact-4-value = { $n1 }
crash-peek-lock-vs-receive-and-delete-difference = Both queues end empty, but only peek-lock processed invoice-1: its lock expired at { $n1 } s and it was completed at { $n2 } s. Receive-and-delete deleted it at { $n3 } s, before the crash at { $n4 } s: nothing brings it back.

## crash-short-vs-long-lock

crash-short-vs-long-lock-title = A crash with a short lock and with a long one
crash-short-vs-long-lock-description = R1 takes order-1 and crashes. Its lock outlives it (format v1.1): nobody can have order-1 until the lock expires. The lock duration is the price of a crash.
crash-short-vs-long-lock-variant-1 = 30-second lock
crash-short-vs-long-lock-variant-2 = 5-minute lock
crash-short-vs-long-lock-fact-1 = lock duration
crash-short-vs-long-lock-fact-1-value = { $n1 } s
crash-short-vs-long-lock-fact-2 = crash at
crash-short-vs-long-lock-fact-2-value = { $n1 } s
crash-short-vs-long-lock-fact-3 = order-1 free again at
crash-short-vs-long-lock-fact-3-value = { $n1 } s
crash-short-vs-long-lock-fact-4 = waited after the crash
crash-short-vs-long-lock-fact-4-value = { $n1 } s
crash-short-vs-long-lock-fact-5 = R2's empty receives
crash-short-vs-long-lock-fact-5-value = { $n1 }
crash-short-vs-long-lock-difference = The same crash kept order-1 waiting { $n1 } s with a { $n2 } s lock and { $n3 } s with a { $n4 } s lock: the rest of the lock, every time.

## send-modes-side-by-side

send-modes-side-by-side-title = Sending one at a time, all at once, or ten in flight
send-modes-side-by-side-description = The same sender sends 100 messages over the same network (70 ms round trip, 10 ms to store). Only how it awaits the sends differs.
send-modes-side-by-side-variant-1 = one at a time
send-modes-side-by-side-variant-2 = all at once
send-modes-side-by-side-variant-3 = ten in flight
send-modes-side-by-side-fact-1 = all answers back after
send-modes-side-by-side-fact-1-value = { $n1 } ms
send-modes-side-by-side-fact-2 = messages stored
send-modes-side-by-side-fact-2-value = { $n1 }
send-modes-side-by-side-fact-3 = failed
send-modes-side-by-side-fact-3-value = { $n1 }
send-modes-side-by-side-difference = The same { $n1 } messages took { $n2 } ms awaited one at a time, { $n3 } ms all started at once, and { $n4 } ms with a bounded number in flight.

## idempotent-vs-not

idempotent-vs-not-title = With and without an idempotent receiver
idempotent-vs-not-description = Processing payment-1 outlasts its lock, so the Complete fails and the message comes back. One receiver remembers which MessageIds it has processed; the other does the work again.
idempotent-vs-not-variant-1 = idempotent
idempotent-vs-not-variant-2 = not idempotent
idempotent-vs-not-fact-1 = deliveries of payment-1
idempotent-vs-not-fact-1-value = { $n1 }
idempotent-vs-not-fact-2 = times the work was started
idempotent-vs-not-fact-2-value = { $n1 }
idempotent-vs-not-fact-3 = completed
idempotent-vs-not-fact-3-value = { $n1 }
idempotent-vs-not-fact-4 = failed Completes
idempotent-vs-not-fact-4-value = { $n1 }
idempotent-vs-not-difference = The idempotent receiver did the payment's work { $n1 } time in { $n2 } deliveries and completed it at { $n3 } s. Without it, the work was started { $n4 } times in { $n5 } deliveries and payment-1 is still not completed when the run ends: each attempt outlasts the lock.
