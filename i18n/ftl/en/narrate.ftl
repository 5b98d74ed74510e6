# The "why" narration: one sentence for each thing the broker does.
#
# Variables: $by is a client's name and $id a MessageId, both shown as they are; $seq, $count
# (a delivery count) and $max (MaxDeliveryCount) are numbers; $at and $until are instants in
# seconds with three decimals (61.000). Selectors take the values listed in their variants.

# Sending, scheduling and publishing.

why-sent = { $by } sent { $id }: accepted and stored as seq { $seq }.
why-scheduled = { $by } scheduled { $id } for { $at } s (seq { $seq } while scheduled; it gets a new one when it becomes active).
why-duplicate-dropped = { $by } sent { $id } again inside the duplicate detection window: the broker reported success and dropped it.
# $error: the broker's error code (QuotaExceeded), as it is.
why-rejected = { $by }'s presettled send of { $id } was refused ({ $error }), and nobody is told: the sender never waits for an answer.
# $scheduled: the sequence number it had while scheduled.
why-activated = { $id } reached its scheduled time and became active with a new sequence number { $seq } (it was { $scheduled }).
why-published-nowhere = { $id } reached the topic, but no subscription takes it: dropped.
# $subscriptions: the subscriptions' names, separated by commas.
why-published = { $id } reached the topic: one copy each for { $subscriptions }.
why-cancelled = { $by } cancelled scheduled { $id } (seq { $seq }): deleted.

# Receiving and locks.

why-received = { $by } received { $id } (delivery { $count }); it is locked to { $by } until { $until } s.
why-prefetched = { $id } was prefetched into { $by }'s buffer (delivery { $count }); its lock clock is already running, until { $until } s.
why-received-and-deleted = { $by } received { $id } in receive-and-delete mode: it is gone from the queue, whatever happens to { $by } now.
why-lock-renewed = { $by } renewed the lock on { $id }: locked until { $until } s.

# Releases. $then says where the message is now: available again; gone (the same moment
# dead-letters it or drops it as expired); or still in the dead-letter queue, where nothing
# counts towards MaxDeliveryCount.

why-lock-expired = { $id }'s lock expired before { $by } settled it; { $then ->
    [available] that counts as a failed delivery ({ $count } of { $max }). It is available again.
    [gone] that counts as a failed delivery ({ $count } of { $max }).
   *[dead-letter] it stays in the dead-letter queue with delivery count { $count }, as nothing there counts.
}
# $cause: how the client lost the lock.
why-lock-lost = { $by } { $cause ->
    [closed] closed its receiver
    [disconnected] lost its connection
   *[entity_updated] held it while the queue's settings changed
}, so its lock on { $id } is gone; { $then ->
    [available] delivery count { $count } of { $max }. It is available again.
    [gone] delivery count { $count } of { $max }.
   *[dead-letter] it stays in the dead-letter queue with delivery count { $count }, as nothing there counts.
}
why-abandoned = { $by } abandoned { $id }: { $then ->
    [available] delivery count { $count } of { $max }. It is available again.
    [gone] delivery count { $count } of { $max }.
   *[dead-letter] it stays in the dead-letter queue with delivery count { $count }, as nothing there counts.
}

# Settlements.

why-completed = { $by } completed { $id }: removed from the queue for good.
why-deferred = { $by } deferred { $id }: set aside until someone receives seq { $seq } by number (delivery count { $count } of { $max }).

# Dead-lettering and expiry. DeadLetterReason, DeadLetterErrorDescription and the reason codes
# are the broker's names, as they are.

# $max is also the number of the delivery that failed last; $how: how it failed.
why-dead-lettered-max = { $id } → dead-letter queue: its { NUMBER($max, type: "ordinal") ->
    [one] { $max }st
    [two] { $max }nd
    [few] { $max }rd
   *[other] { $max }th
} delivery { $how ->
    [abandoned] was abandoned
    [lock-expired] ran out of lock time
    [deferred] was deferred
    [lock-lost] lost its lock
   *[other] failed
} and MaxDeliveryCount is { $max } (application property DeadLetterReason: MaxDeliveryCountExceeded).
why-dead-lettered-ttl = { $id } → dead-letter queue: its time-to-live ran out and dead-lettering on expiration is on (application property DeadLetterReason: TTLExpiredException).
# $who: a client ($by) or the broker itself; $props: which of $reason and $description it set
# (the texts it gave, as they are).
why-dead-lettered = { $who ->
    [broker] The broker
   *[client] { $by }
} dead-lettered { $id }{ $props ->
    [reason] ; its application property DeadLetterReason says "{ $reason }".
    [description] ; its application property DeadLetterErrorDescription says "{ $description }".
    [both] ; its application properties DeadLetterReason and DeadLetterErrorDescription say "{ $reason }" and "{ $description }".
   *[none] { " " }without a reason.
}
why-expired = { $id } expired: its time-to-live ran out, and with dead-lettering on expiration off it was dropped.

# Sessions. $session is a SessionId, as it is.

why-session-locked = { $by } accepted session { $session }: every message of it is locked to { $by } until { $until } s.
why-session-lock-renewed = { $by } renewed the lock on session { $session }: until { $until } s.
why-session-lock-expired = { $by }'s lock on session { $session } expired; its unsettled messages count a failed delivery.
why-session-closed = { $by } closed session { $session }; its unsettled messages go back without counting a delivery.
# $cause: why the session was lost.
why-session-lost = { $by } lost session { $session } ({ $cause ->
    [disconnected] disconnected
   *[entity_updated] entity updated
}).

# A link that ends while the broker holds locks for it: nothing is released yet. $what: how
# it ended.

why-link-closed-one = { $by } { $what ->
    [disconnected] lost its connection
    [closed-dead-letter] closed its dead-letter receiver
   *[closed] closed its receiver
}; { $id } stays locked until { $until } s: nobody can take it until then, and { $by } can no longer settle it.
# $ids: a list of why-link-closed-item, separated by commas.
why-link-closed-many = { $by } { $what ->
    [disconnected] lost its connection
    [closed-dead-letter] closed its dead-letter receiver
   *[closed] closed its receiver
}; { $ids } stay locked: nobody can take them until then, and { $by } can no longer settle them.
why-link-closed-item = { $id } (until { $until } s)
# $count: how many of the session's messages it held unsettled, $ids their MessageIds.
why-link-closed-session = { $by } { $what ->
    [disconnected] lost its connection
    [closed-dead-letter] closed its dead-letter receiver
   *[closed] closed its receiver
} while holding session { $session }: the session stays locked until { $until } s, and nobody else can accept it until then.{ $count ->
    [0] {""}
    [one] { " " }Its unsettled message { $ids } comes back then, counting a failed delivery.
   *[other] { " " }Its unsettled messages { $ids } come back then, each counting a failed delivery.
}

# What an automated actor did, where the broker's events do not already say it. $by is the
# actor's name; $note its own word on why (one of the note- messages below); $error the
# broker's error code and message, as they are.

why-act-sent-unanswered = { $by } sent { $id } without waiting for an answer ({ $note }).
why-act-sent-unobserved = { $by } sent { $id } without waiting for an answer (unobserved).
why-act-sent = { $by }: the send of { $id } completed: the broker accepted it.
why-act-send-failed = { $by }: the send of { $id } failed: { $error }
why-act-crashed = { $by } crashed: its connection dropped, and it can no longer settle anything it held.
why-act-failed = { $by }: { $error }
why-act-failed-noted = { $by }: { $error } ({ $note })
why-act-noted = { $by }: { $note }.

# An actor's word on why (settle_core::actors::Note), inside the sentences above.

note-crashed = the process crashed
note-renewing-lock = auto-renewing the lock while processing
note-duplicate = already processed this MessageId: work skipped
note-hung = processing hung past the lock
note-poison = poison message
note-presettled = presettled: no answer will come
note-fire-and-forget = fire and forget: nobody looks at the outcome
note-busy = the broker was busy
note-renewing-session = auto-renewing the session lock
note-session-lock-lost = the session lock was lost
note-stopping = stopping: closing the session
note-idle = the session is idle: closing it

# Settle's explanation beside the broker's MessageLockLost. $error is the error's code and the
# broker's text, as they are; $why one of the explain- messages.

error-explained = { $error } ({ $why }.)
explain-link-ended = { $id }: { $holder }'s { $dropped ->
    [yes] connection dropped
   *[no] link was closed
} at { $at } s; the lock runs on until { $until } s and only then does the broker release it
explain-expired = { $id }: the lock expired { $ago } ago
explain-removed = { $id }: the message was already settled and removed
explain-released = { $id }: the lock was released (settled, abandoned, or lost)
explain-session-not-held = session '{ $session }' is no longer held by { $by }
explain-ago = { $unit ->
    [ms] { $n } ms
    [min] { $n } min
   *[s] { $n } s
}

# Between the items of a list in a sentence.

list-separator = { ", " }
