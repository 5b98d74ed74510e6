# What Settle prints outside the page: the CLI's lesson and comparison, and the SVG story.

## settle lesson
print-speed = speed { $speed }x
print-what-you-saw = What you saw
print-pause = [pause]

## settle compare
print-difference = Difference: { $text }
print-holds = holds
print-fails = FAILS
print-contradict = the runs contradict the stated difference

## settle render
## The SVG story (`settle render --svg`, the page's download): swimlanes over virtual time.
## Room is short: a lane's name and the line under it have about 150 px (some 22 and 30
## letters), a mark's label goes where it finds room. Seconds are numbers: $s, $from, $to,
## $deadline, $last and $end have the decimals they need (none, one, two or three).

# The title of the picture for readers who cannot see it, when the scenario has no description.
story-desc = A scenario run in Settle, drawn as swimlanes over virtual time.
story-footer = Settle · a deterministic simulation of Azure Service Bus (seed { $seed }) · times are virtual
# Left of the time axis; under it, a label at each step ($s).
story-axis = virtual time
story-tick = { $s } s

# The settings under the title: "Queue: lock duration 30 s · max delivery count 10".
# $settings is a list of the story-setting-* below, joined by " · " (by ", " in parentheses).
story-settings-queue = Queue: { $settings }
# $entities: the story-entity-* below, joined by " · ".
story-settings-entities = Entities: { $entities }
# A setting's duration: $n in days (d), hours (h), minutes (min) or seconds (s: decimals).
story-duration =
    { $unit ->
        [d] { $n } d
        [h] { $n } h
        [min] { $n } min
       *[s] { $n } s
    }
# These three have a duration (story-duration, its $n and $unit).
story-setting-lock-duration = lock duration { story-duration }
story-setting-default-ttl = default TTL { story-duration }
story-setting-duplicate-detection = duplicate detection { story-duration }
story-setting-max-delivery-count = max delivery count { $count }
story-setting-dead-letter-on-expiration = dead-letter on expiration
story-setting-sessions = sessions
# $tier: Basic, Standard or Premium.
story-setting-tier = tier { $tier }
story-setting-max-size = max size { $size } bytes
story-entity-queue = queue { $name }
story-entity-topic = topic { $name }
# A queue, topic or subscription ($entity: a story-entity-*, or a subscription's name) and the
# settings where they are not the defaults.
story-entity-with-settings = { $entity } ({ $settings })
story-entity-no-rules = no rules
# $rules: the rules' names, joined by ", ".
story-entity-rules = rules { $rules }
# $topic: a story-entity-topic (with its settings); $subscriptions: each with its settings.
story-entity-subscriptions = { $topic } → { $subscriptions }
story-entity-no-subscriptions = { $topic }: no subscriptions

## The lanes: a name (bold), and under it what the lane holds or what its client did.

story-lane-queue = Queue
# With several entities: $name is the queue's or topic's name, or the subscription's.
story-lane-queue-named = Queue { $name }
story-lane-topic = Topic { $name }
story-lane-subscription = Subscription { $name }
story-lane-dead-letter = Dead-letter queue
# In a note: the dead-letter queue of a queue or subscription ($name: its path).
story-lane-dead-letter-of = Dead-letter queue of { $name }
story-role-messages =
    { $count ->
        [one] { $count } message
       *[other] { $count } messages
    }
story-role-queue =
    { $count ->
        [one] queue · { $count } message
       *[other] queue · { $count } messages
    }
# A subscription of the topic $topic.
story-role-subscription =
    { $count ->
        [one] of { $topic } · { $count } message
       *[other] of { $topic } · { $count } messages
    }
story-role-topic = { $published } published
story-role-topic-dropped = { $published } published, { $dropped } dropped
story-role-dead-letter-empty = none dead-lettered
story-role-dead-letter = { $count } dead-lettered
# The dead-letter queue of the queue or subscription $name.
story-role-dead-letter-of-empty = of { $name } · empty
story-role-dead-letter-of = of { $name } · { $count } dead-lettered
story-role-receiver = receiver · { $received } received
# ✓: completed.
story-role-receiver-completed = receiver · { $received } received, { $completed } ✓
story-role-sender = sender · { $sent } sent
story-role-sender-refused = sender · { $sent } sent, { $refused } refused
story-role-client = client

## A message's bars and the labels in them.

# A message waiting for its scheduled time.
story-bar-scheduled = { $id } · scheduled for { $s } s
# A delivery after the first: DC is its delivery count.
story-bar-delivery = { $id } · DC { $count }
# A dead-lettered message without a dead-letter reason (a reason is shown as the broker has it).
story-bar-no-reason = { $id } · (no reason)
story-bar-session = session { $session }
# Where a lock's deadline is off the time axis, the bar says it.
story-bar-until = { $label } · until { $deadline } s
story-bar-lock-until = { $label } · lock until { $deadline } s
# A bar's tooltip: its label and its span, to its end or to the end of the run.
story-bar-span = { $label }, { $from } s – { $to } s
story-bar-span-open = { $label }, { $from } s – end
story-bar-span-lock = { $label }, { $from } s – { $to } s, lock until { $deadline } s
story-bar-span-open-lock = { $label }, { $from } s – end, lock until { $deadline } s
# A lane too busy to draw one by one: a band of how many are open at once.
story-band-peak = up to { $count } at once

## Marks: what happened at an instant, labelled beside it.

story-mark-unrouted = { $id }: no subscription, dropped
story-mark-duplicate = { $id } duplicate, dropped
# A scheduled message became active with the sequence number $seq.
story-mark-activated = active as seq { $seq }
story-mark-cancelled = cancelled
story-mark-expired = expired, dropped
story-mark-session-lock-expired = session lock expired
story-mark-lock-lost =
    { $cause ->
        [closed] lock lost: closed
        [disconnected] lock lost: disconnected
       *[updated] lock lost: queue updated
    }
story-mark-peek = peek: { $count }
story-mark-close = close
story-mark-disconnect = disconnect
# A receiver that stopped without a word (an automated actor's disconnect).
story-mark-crash = crash
story-mark-queue-updated = queue settings changed
# An entity's settings or rules changed ($name: its name, $rule: a rule's).
story-mark-entity-updated = { $name }: settings changed
story-mark-rule-added = { $name }: rule { $rule } added
story-mark-rule-removed = { $name }: rule { $rule } removed
# What a client did that the broker refused: used by the story-mark-refused-* and
# story-moment-refused-* messages. Complete, Abandon, DeadLetter and Defer are the settlement
# operations by the API's names; the others are operations in words.
story-op =
    { $op ->
        [send] send
        [schedule] schedule
        [cancel] cancel
        [receive] receive
        [receive-deferred] receive deferred
        [peek] peek
        [complete] complete
        [abandon] abandon
        [dead-letter] dead-letter
        [defer] defer
        [renew-lock] renew lock
        [open] open
        [close] close
        [accept-session] accept session
        [renew-session-lock] renew session lock
        [set-session-state] set session state
        [get-session-state] get session state
        [disconnect] disconnect
        [update-queue] update queue
       *[update-entity] update entity
    }
# $error: the broker's error code (MessageLockLost, …), as the broker has it.
story-mark-refused = { story-op } { $id } → { $error }
story-mark-refused-seq = { story-op } seq { $seq } → { $error }
story-mark-refused-any = { story-op } → { $error }
# Marks at one spot, drawn once with their count (always two or more).
story-group-send = ×{ $count } sent
story-group-duplicate = ×{ $count } duplicates
story-group-refused = ×{ $count } refused
story-group-activated = ×{ $count } activated
story-group-cancelled = ×{ $count } cancelled
story-group-complete = ×{ $count } completed
story-group-abandon = ×{ $count } abandoned
story-group-defer = ×{ $count } deferred
story-group-dead-letter = ×{ $count } dead-lettered
story-group-lock-expired = ×{ $count } locks expired
story-group-lock-lost = ×{ $count } locks lost
story-group-ttl-expired = ×{ $count } expired
story-group-received-deleted = ×{ $count } received
story-group-renew = ×{ $count } renewed
story-group-peek = ×{ $count } peeks
# Closes, disconnects and crashes: the count alone (English keeps its old trailing space).
story-group-link = ×{ $count }{ " " }
story-group-admin = ×{ $count } changes
story-group-published = ×{ $count } published
story-group-unrouted = ×{ $count } dropped

## The legend: only what the picture uses.

story-legend-waiting = waiting in the queue
story-legend-scheduled = scheduled
story-legend-deferred = deferred
story-legend-locked = locked (peek-lock)
story-legend-prefetched = locked in the prefetch buffer
story-legend-dead-letter-queue = in the dead-letter queue
story-legend-session = session lock
# The rest of a wait after the message's time-to-live ran out.
story-legend-expired-wait = expired, not yet collected
story-legend-deadline = lock deadline
story-legend-send = send (enqueued)
story-legend-duplicate = duplicate dropped
story-legend-rejected = send refused
story-legend-activated = scheduled → active
story-legend-cancelled = cancelled / dropped
story-legend-complete = complete
story-legend-abandon = abandon
story-legend-defer = defer
story-legend-dead-letter = dead-letter
story-legend-lock-expired = lock expired
story-legend-lock-lost = lock lost
story-legend-ttl-expired = time-to-live ran out
story-legend-received-deleted = received and deleted
story-legend-renew = lock renewed
story-legend-peek = peek
story-legend-link = close / disconnect / crash
story-legend-queue-updated = queue settings changed
story-legend-entity-updated = settings or rules changed
story-legend-refused = step refused (error)
story-legend-published = published: a copy per subscription
story-legend-unrouted = no subscription took it: dropped

## The notes under the lanes: what is not drawn, or not whole.

story-note-cropped = Nothing happens after { $last } s; the run ends at { $end } s.
story-note-cut = This run is too long to draw whole: shown up to { $end } s (the first { $records } records).
# $lane: a lane's name.
story-note-band = { $lane }: too many at once to draw one by one ({ $count } spans); the band shows how many over time.
story-note-marks-left-out = { $count } more marks not drawn.
story-note-detail = { $count } messages: the first { $detail } carry labels and arrows between lanes.

## What happened: a sentence for each moment worth one, under its time (story-tick).

story-happened = What happened
story-happened-more = … and { $count } more.
story-moment-unrouted = { $id } matched no subscription of { $topic }: accepted, then dropped.
story-moment-duplicate = { $client } sent { $id } again inside the duplicate detection window: reported as accepted, dropped.
# $error: the broker's error code.
story-moment-presettled-refused = { $client }'s presettled send of { $id } was refused ({ $error }); the sender is never told.
# $count: the message's delivery count; $max: the MaxDeliveryCount. In the dead-letter queue
# ($queue is dead-letter) a delivery counts for nothing.
story-moment-lock-expired =
    { $queue ->
        [dead-letter] { $id }: { $client }'s lock expired before it settled; in the dead-letter queue nothing counts ({ $count }).
       *[main] { $id }: { $client }'s lock expired before it settled; a failed delivery ({ $count } of { $max }).
    }
# The same in the queue or subscription $place.
story-moment-lock-expired-in =
    { $queue ->
        [dead-letter] { $id } in { $place }: { $client }'s lock expired before it settled; in the dead-letter queue nothing counts ({ $count }).
       *[main] { $id } in { $place }: { $client }'s lock expired before it settled; a failed delivery ({ $count } of { $max }).
    }
story-moment-lock-lost =
    { $cause ->
        [closed] { $id }: { $client } lost its lock (closed).
        [disconnected] { $id }: { $client } lost its lock (disconnected).
       *[updated] { $id }: { $client } lost its lock (queue updated).
    }
# $reason: the dead-letter reason as the broker or the receiver gave it
# (MaxDeliveryCountExceeded, …).
story-moment-dead-lettered = { $id } → dead-letter queue, reason { $reason }
story-moment-dead-lettered-no-reason = { $id } → dead-letter queue, reason (none)
# Of the queue or subscription $place.
story-moment-dead-lettered-of = { $id } → dead-letter queue of { $place }, reason { $reason }
story-moment-dead-lettered-of-no-reason = { $id } → dead-letter queue of { $place }, reason (none)
# A story-moment-dead-lettered* ($text) with the dead-letter description, as the broker or the
# receiver wrote it.
story-moment-described = { $text }: { $description }
# A story-moment-dead-lettered* ($text) (or with its description) by the receiver $client.
story-moment-by = { $text } (by { $client })
story-moment-ttl-expired = { $id }'s time-to-live ran out: dropped.
story-moment-session-lock-expired = { $client }'s lock on session { $session } expired.
# The broker refused what $client did (story-op) with the error $error; $why is the broker's
# reason as it wrote it, in parentheses or after a colon: " (m1: the lock expired 9 s ago)".
story-moment-refused = { $client }: { story-op } { $id } refused with { $error }{ $why }
story-moment-refused-seq = { $client }: { story-op } seq { $seq } refused with { $error }{ $why }
story-moment-refused-any = { $client }: { story-op } refused with { $error }{ $why }

## What-if sweeps (`settle sweep --format svg`): charts of a scenario's variants.
sweep-title = What if: { $title }
sweep-desc =
    { $points ->
        [one] { $points } variant of the scenario
       *[other] { $points } variants of the scenario
    }, { $seeds ->
        [one] one run each
       *[other] { $seeds } runs each, with different seeds
    } · times are virtual
sweep-throughput = Throughput: completions per second
sweep-throughput-short = completions per second
sweep-latency = Time from enqueue to completion (ms)
sweep-latency-p95 = Time from enqueue to completion, 95th percentile (ms)
sweep-p50 = median
sweep-p95 = 95th percentile
sweep-losses = Lock expiries and moves to the dead-letter queue, per run
sweep-lock-expiries = lock expiries
sweep-dead-lettered = dead-lettered
sweep-over-budget = over the work budget
sweep-foot = Settle · each point is a deterministic run of the scenario with the values shown
sweep-foot-over =
    { $n ->
        [one] Settle · { $n } point ran out of the work budget (dashed): its figures count up to there
       *[other] Settle · { $n } points ran out of the work budget (dashed): their figures count up to there
    }
sweep-svg-dimensions = an SVG draws one or two varied parameters, not { $n }: use --format csv or json
sweep-param-receivers = receivers
sweep-param-concurrency = concurrency (messages each receiver processes at once)
sweep-param-prefetch = prefetch count
sweep-param-processing-ms = processing time (ms)
sweep-param-lock-ms = lock duration (ms)
sweep-param-auto-renew-ms = auto-renew the lock for up to (ms)
sweep-param-max-delivery-count = maxDeliveryCount
sweep-param-send-interval-ms = interval between sends (ms)

## The What-if page (whatif.html): a sweep of a scenario's settings, run in the browser.
whatif-intro = Settle runs this scenario once for every value you choose, in the background, and draws what changed.
whatif-ready = Ready sweeps
whatif-sweep-consumers-title = Consumers against a burst
whatif-sweep-consumers-caption = A burst of 200 orders, drained by 1 to 8 competing receivers. While the queue holds a backlog, each receiver adds throughput and the time an order waits falls; the queue levels the load whatever their number.
whatif-sweep-prefetch-title = Prefetch against lock duration
whatif-sweep-prefetch-caption = One slow worker prefetches orders while it works, and a prefetched order is locked while it waits in the buffer. Where the buffer takes longer to work through than the lock lasts, locks expire before the work starts, orders are delivered again, and after three deliveries they go to the dead-letter queue.
whatif-param = Parameter
whatif-second = Second parameter
whatif-setting = Setting
whatif-none = none
whatif-from = from
whatif-to = to
whatif-step = step
whatif-seeds = Runs per variant (seeds)
whatif-run = Run
whatif-cancel = Cancel
whatif-progress-label = Variants run
whatif-progress =
    { $total ->
        [one] { $done } of { $total } variant
       *[other] { $done } of { $total } variants
    }
whatif-done =
    { $n ->
        [one] { $n } variant in { $seconds } s
       *[other] { $n } variants in { $seconds } s
    }, { $workers ->
        [one] in one worker
       *[other] in { $workers } workers at once
    }
whatif-cancelled = Cancelled after { $done } of { $total }.
whatif-result = Results
whatif-hint = Click a point or a row's Open to see that variant in the playground, at its most telling moment: the first lock expiry or dead-letter move, else when the queue was longest.
whatif-download-svg = Download SVG
whatif-download-csv = Download CSV
whatif-table = Each variant's figures (the same as settle sweep prints)
whatif-col-throughput = completions per second
whatif-col-p50 = median time to completion (ms)
whatif-col-p95 = 95th percentile (ms)
whatif-col-lock-expiries = lock expiries per run
whatif-col-dead-lettered = dead-lettered per run
whatif-col-queue = longest queue
whatif-col-seeds = runs
whatif-col-status = status
whatif-open = Open
whatif-open-label = Open { $point } in the playground
whatif-back = Back to the playground
whatif-not-number = { $param }: “{ $text }” is not a whole number
whatif-empty = { $param }: from { $from } to { $to } is no value at all
whatif-step-zero = { $param }: the step must be at least 1
whatif-twice = { $param } is chosen twice
whatif-seeds-range = Runs per variant: from 1 to { $max }
whatif-too-many = { $n } variants: at most { $max } (a shorter range or a larger step)
whatif-no-receiver = { $param }: this scenario has no automated receiver to change
whatif-no-sender = { $param }: this scenario has no automated sender to change
whatif-entities = A sweep changes one queue's settings; this scenario declares several entities.
whatif-no-sweep = There is no ready sweep called “{ $name }”.
whatif-no-preset = There is no built-in lesson called “{ $name }”.
whatif-no-worker = This browser cannot start the workers that run the variants.
