# What every player of a scenario shows: the stage's labels, the clock, the lanes, the log,
# the inspector, the embeds' viewer and the notices Settle writes about them.
# API and protocol names (Complete, PeekLock, MaxDeliveryCount, DeliveryCount, …) stay in
# English in every language; docs/glossary.md gives every other term.

## The clock: times, the speed list, the titles of Step back, Step and Next lock expiry.

# An instant on the clock, to the millisecond ($s has three decimals): 12.500 s
clock-instant = { $s } s
# Seconds: a lock's time left or a setting ($s has one decimal or none): 12.3 s, 30 s
clock-seconds = { $s } s
clock-ms = { $ms } ms
clock-minutes = { $min } min
# A speed in the speed list: 0.5×, 10×
clock-speed-value = { $speed }×
clock-back-start = at the start
# $t is an instant (clock-instant).
clock-back-to = back to { $t } (←)
clock-step-none = nothing pending
clock-step-next = next event at { $t }
clock-expiry-none = no lock held
clock-expiry-next = next lock expiry at { $t }

## The stage (the canvas): places, notes beside their titles, labels over the tokens.
## Short: the stage can be 375 px wide.

stage-queue = Queue
stage-entities = Entities
stage-scheduled = Scheduled
stage-available = Available
stage-deferred = Deferred
stage-dead-letter = Dead-letter queue
# The dead-letter queue of one queue or subscription ($name: its last path segment).
stage-dead-letter-of = Dead-letter: { $name }
stage-no-receiver = No receiver yet
# Sends a sender has started and not yet had answered.
stage-in-flight = { $n } in flight
# A client driven by the scenario's automated actors.
stage-auto = auto
stage-closed = closed
stage-crashed = crashed
stage-session = session { $name }
stage-session-lost = session { $name } lost
# A topic's note: a message it dropped, as no subscription took it.
stage-dropped = dropped: no subscription
# Messages travelling together.
stage-moving = { $n } moving
# Beyond the endings drawn one by one, how many more ended so.
stage-more-completed = { $n } more completed
stage-more-left = { $n } more left
stage-more-lost = { $n } more lost
stage-more-expired = { $n } more locks expired
# Under a scheduled message ($s: seconds with one decimal).
stage-due-at = due at { $s } s
# A dead-lettered message without a DeadLetterReason.
stage-dead-lettered = dead-lettered
# What a person calls a place.
stage-sender = Sender { $name }
stage-a-sender = a sender
stage-receiver = Receiver { $name }
stage-a-receiver = a receiver
stage-an-entity = an entity
stage-a-dead-letter-queue = a dead-letter queue
stage-dead-letter-queue-of = Dead-letter queue of { $name }

## A receiver's lock bars.

# $s: seconds with one decimal.
lock-left = lock { $s } s
lock-lost = lock lost

## The queue's lanes as lists, and what each item says.

lane-available = Available
lane-available-empty = No message waiting.
lane-locked = Locked
lane-locked-empty = No message locked.
lane-deferred = Deferred
lane-deferred-empty = Nothing deferred.
lane-scheduled = Scheduled
lane-scheduled-empty = Nothing scheduled.
lane-dead-letter = Dead-letter queue
lane-dead-letter-empty = Nothing dead-lettered.
# The item's button, for screen readers.
lane-inspect = Inspect { $id }
# In a document with several entities, the item's first words.
lane-in-entity = in { $entity }
# $delivery: the delivery the holder has (DeliveryCount as it got it).
lane-item-locked = seq { $seq } · delivery { $delivery } · locked by { $client }
# $t is an instant (clock-instant).
lane-item-due = seq { $seq } · due at { $t }
lane-item = seq { $seq } · delivery count { $count }
lane-item-session = session { $session }

## The queue's settings in one line, its parts joined by " · ".

# $d is a duration (clock-seconds, clock-ms or clock-minutes).
queue-settings-lock = lock { $d }
queue-settings-max-delivery-count = max delivery count { $n }
queue-settings-ttl = TTL { $d }
queue-settings-sessions = sessions
queue-settings-duplicate-detection = duplicate detection { $d }
# The entities of a document with several.
queue-settings-queues =
    { $n ->
        [one] 1 queue
       *[other] { $n } queues
    }
queue-settings-topics =
    { $n ->
        [one] 1 topic
       *[other] { $n } topics
    }
queue-settings-subscriptions =
    { $n ->
        [one] 1 subscription
       *[other] { $n } subscriptions
    }

## The timeline's legend: how many of each kind of moment.

mark-sends =
    { $n ->
        [one] 1 send
       *[other] { $n } sends
    }
mark-lock-expiries =
    { $n ->
        [one] 1 lock expiry
       *[other] { $n } lock expiries
    }
mark-abandons =
    { $n ->
        [one] 1 abandon
       *[other] { $n } abandons
    }
mark-dead-letter-moves =
    { $n ->
        [one] 1 dead-letter move
       *[other] { $n } dead-letter moves
    }
mark-settlements =
    { $n ->
        [one] 1 settlement
       *[other] { $n } settlements
    }

## The inspector: the broker's properties of one message. Their names are the API's
## (MessageId, SequenceNumber, State, …) but for these.

inspect-entity = Entity
inspect-where = Where
inspect-delivery-count = DeliveryCount (peek)
inspect-size = { $n } bytes
inspect-never = never
# Where the message is (the value of inspect-where).
inspect-gone = no longer in the queue
inspect-dead-letter-locked = dead-letter queue, locked by { $client }
inspect-dead-letter = dead-letter queue
inspect-scheduled = scheduled
inspect-locked = locked by { $client }
inspect-deferred = deferred (receive it by sequence number)
inspect-available = available

## What an automated client has done, its parts joined by " · ".

auto-sender = Automated: { $started } started · { $in_flight } in flight · { $accepted } accepted · { $failed } failed
auto-unseen-failures = { $n } failures nobody saw
# $t is an instant (clock-instant).
auto-last-answer = last answer at { $t }
auto-receiver = Automated: { $received } received · { $processing } processing · { $settled } settled · { $failed } failed
auto-duplicates = { $n } duplicates skipped

## The log's lines that are not the narration.

# A line about one client or entity: its name, then what it says.
log-named = { $name }: { $line }
log-nothing-available = { $client } asked for a message: nothing was available.
log-peeked-queue = { $client } peeked { $n } message(s) from the queue: nothing was locked or counted.
log-peeked-dead-letter = { $client } peeked { $n } message(s) from the dead-letter queue: nothing was locked or counted.
# A step of the scenario's script that the broker refused ($error: the broker's words).
log-script-error = { $client } (script): { $error }

## What a client's form or action is refused with, before the broker sees it.

form-ttl-not-ms = TTL: "{ $text }" is not a whole number of milliseconds
form-delay-not-ms = scheduled delay: "{ $text }" is not a whole number of milliseconds
form-property-not-pair = properties: "{ $line }" is not key=value
form-property-no-key = properties: "{ $line }" has no key
form-id-too-long = id: at most 128 characters
form-ttl-zero = TTL: must be at least 1 ms
form-no-such-target = to: no queue or topic named "{ $name }"
form-not-sequence-numbers = "{ $text }" is not a list of sequence numbers
form-entities-not-queue-settings = a document with entities changes them by update_entity steps, not the queue settings
form-did-not-run = the action did not run
# $from: the client's receive entity; $entity: the message's.
form-other-entity = { $client } receives from { $from }; that message is in { $entity }
form-other-entity-nothing = { $client } receives from nothing; that message is in { $entity }
form-no-receive-entity = { $client } receives from no queue or subscription yet: choose one

## The scenario a fresh page starts with (its title and description).

welcome-title = Your first lock
welcome-description = S1 has sent two orders. R1 holds m1 under a 30-second lock: complete it before the lock runs out, or watch it come back with a higher delivery count. After 3 failed deliveries a message goes to the dead-letter queue.

## Notices about what was opened or stopped.

# A document that does not parse ($error: the parser's words).
doc-error = error: { $error }
notice-stopped = This scenario stopped at { $t }: { $why }. Everything up to then is kept.
notice-opened-shared = Opened a shared scenario at { $t }.
notice-link-scenario-failed = This link's scenario was not loaded: { $error }
notice-link-failed = This link was not loaded: { $error }
notice-opening-entities = Opening Settle for documents with entities (topics, subscriptions, several queues)…
link-bad-character = the link is damaged: '{ $char }' is not part of its encoding
link-bad-position = the link's position "{ $text }" is not a number
link-not-text = the link is damaged: its scenario is not text

## The built-in lessons.

lesson-no-preset = there is no preset "{ $name }"
lesson-no-comparison = there is no comparison "{ $name }"
lesson-preset-offline = the preset "{ $name }" could not be downloaded (offline?)
lesson-comparison-offline = the comparison "{ $name }" could not be downloaded (offline?)
lesson-no-side = the comparison "{ $name }" has no side "{ $side }"
lesson-captions-failed = This lesson's captions cannot be shown: { $error }

## Films and the embed's link.

film-damaged = this embed's film is damaged
film-too-long = the run's film is { $kb } KB, more than an embed's link carries
film-entities = a document with entities is not filmed (the playground runs it)
film-too-many-frames = more than { $n } frames

## Downloads (the page's buttons say their own words).

artifact-unknown = unknown download "{ $kind }"

## The page Settle shows when it stops on an internal error.

crash-title = Settle stopped on an internal error
crash-kept = This is a bug in Settle, not in your scenario. The page cannot go on, but your scenario is kept: reopen it where you were, copy its link, or download it.
crash-not-kept = This is a bug in Settle, not in your scenario. The page cannot go on; reload it to start again.
crash-reopen = Reopen where I was
crash-copy-link = Copy link
crash-download = Download scenario
crash-start-afresh = Start afresh
crash-details = Technical details

## The embeds' viewer: its clock bar, caption, stage and lists.

view-clock = Clock
view-play = Play
view-pause = Pause
view-step-back = Step back
view-step = Step
view-next-expiry = Next lock expiry
view-speed = Speed
view-controls = Controls
view-controls-title = Send, receive and settle by hand (over the stage)
view-open = Open in Settle ↗
view-dismiss = Dismiss
view-about = About this scenario
view-lesson = Lesson
view-caption = Caption
view-caption-hint = Paused here: press Play to go on.
view-summary = What you saw
view-hide = Hide
view-figures = Figures
view-stage-area = Stage
view-stage = The stage
view-stage-picture = The queue as a picture: senders, the queue, receivers and the dead-letter queue. The same state is listed under Queue.
view-queue = Queue
# Items a lane does not list.
view-lane-more = + { $n } more
# $target and $now are instants (clock-instant).
view-going-to = Going to { $target } … now at { $now }
# $now is an instant (clock-instant): work due at it is still being run (a million sends started
# at once), before the clock may move.
clock-still-running = Still running what happens at { $now }…
view-nothing-due = Nothing is scheduled to happen on its own.
view-no-lock = No lock is held, so no lock can expire.
# A language whose messages could not be fetched ($lang and $current: languages named in
# themselves; $why: what went wrong).
view-lang-failed = { $lang } could not be loaded ({ $why }); the page stays in { $current }.
