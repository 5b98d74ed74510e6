# The playground's page: buttons, labels, headings, notices, the help.
# API and protocol names (Complete, PeekLock, MaxDeliveryCount, …) stay in English in every
# language; docs/glossary.md gives every other term.

lang-menu = Language
lang-failed = { $lang } could not be loaded ({ $why }); the page stays in { $current }.

# A virtual time in seconds ($t has three decimals): the clock, the log, the timeline.
time-seconds = { $t } s

# The page's header, and the progress toward a link's position.
page-tagline = Watch message settlement happen: locks, redelivery, dead-lettering.
page-presenter = Presenter
page-presenter-title = Presenter mode (F): the stage fills the window. Shortcuts: Space play/pause, → step, ← step back, E next lock expiry, R restart, + / − speed, F full screen.
page-controls = Controls
page-controls-title = Send, receive and settle by hand (over the stage)
page-open-full = Open in Settle ↗
page-going-label = Going forward to a position
page-going = Going to { $target } s … now at { $now } s
page-progress = Progress
page-stop-here = Stop here

# A notice next to the area whose action it is about.
notice-dismiss = Dismiss

# The clock.
clock-label = Clock
clock-virtual = virtual
clock-real = real { $t } s
clock-real-title = Real time the clock has been running
clock-play = Play
clock-pause = Pause
clock-step-back = Step back
clock-step = Step
clock-next-expiry = Next lock expiry
clock-speed = Speed
clock-nothing-scheduled = Nothing is scheduled to happen on its own: send or receive something.
clock-no-lock = No lock is held, so no lock can expire.

# The lesson list, and links opened in the tab.
lessons-title = Lessons
lessons-summary = Lessons and side-by-side comparisons
lessons-side-by-side = Side by side
lessons-comparisons = Comparisons
lessons-loaded = Loaded the lesson "{ $title }".
lessons-link-failed = This link was not loaded: { $error }
lessons-link-opened = Opened a shared scenario at { $t } s.
lessons-link-scenario-failed = This link's scenario was not loaded, nothing changed: { $error }

# A built-in comparison's panel ($side is a variant's label).
compare-label = Comparison
compare-difference = Difference
compare-show = Show { $side }
compare-show-title = Your controls act on this side

# The scenario's title and description, with Restart.
intro-label = About this scenario
intro-restart = Restart
intro-restart-title = The same scenario again from 0 s
intro-restarted = Restarted from 0 s.
lesson-run-through = Run through captions
lesson-run-through-title = Captions that pause do not stop the clock (for presenting); the address and its links keep this

# The lesson's caption and, at its end, what it proved.
caption-lesson = Lesson
caption-label = Caption
caption-paused = Paused here: press Play to go on.
summary-title = What you saw
summary-hide = Hide
summary-figures = Figures

# The stage; side by side, the other variants ($side is a variant's label).
stage-label = Stage
page-skip-stage = Skip to the stage
page-skip-clients = Skip to the senders and receivers
stage-the-stage = The stage
stage-own-note = your controls act here
stage-canvas = The queue as a picture: senders, the queue, receivers and the dead-letter queue. The same state is listed under Messages, and every action has a button below.
stage-twin-canvas = The { $side } variant on the same clock, watch only: its messages are listed next to it.
stage-twin-messages = Messages on the { $side } stage

# A message on another variant's stage, for screen readers ($holder: the receiver holding it).
twin-available = { $id }: available, delivery count { $count }
twin-available-by = { $id }: available by { $holder }, delivery count { $count }
twin-locked = { $id }: locked, delivery count { $count }
twin-locked-by = { $id }: locked by { $holder }, delivery count { $count }
twin-deferred = { $id }: deferred, delivery count { $count }
twin-deferred-by = { $id }: deferred by { $holder }, delivery count { $count }
twin-scheduled = { $id }: scheduled, delivery count { $count }
twin-scheduled-by = { $id }: scheduled by { $holder }, delivery count { $count }
twin-dead-letter = { $id }: in the dead-letter queue, delivery count { $count }
twin-dead-letter-by = { $id }: in the dead-letter queue by { $holder }, delivery count { $count }

# The timeline under the stage: its legend counts each kind of marker; a marker's words name
# its moments ($ids: the first message ids).
timeline-label = Timeline
timeline-slider = Virtual time
timeline-position = { $now } s of { $end } s
timeline-markers = Timeline markers
timeline-sends = { $n ->
    [one] { $n } send
   *[other] { $n } sends
}
timeline-expiries = { $n ->
    [one] { $n } lock expiry
   *[other] { $n } lock expiries
}
timeline-abandons = { $n ->
    [one] { $n } abandon
   *[other] { $n } abandons
}
timeline-dead-letters = { $n ->
    [one] { $n } dead-letter move
   *[other] { $n } dead-letter moves
}
timeline-settlements = { $n ->
    [one] { $n } settlement
   *[other] { $n } settlements
}
timeline-sends-at = { $n ->
    [one] { $n } send at { $t } s: { $ids }
   *[other] { $n } sends at { $t } s: { $ids }
}
timeline-expiries-at = { $n ->
    [one] { $n } lock expiry at { $t } s: { $ids }
   *[other] { $n } lock expiries at { $t } s: { $ids }
}
timeline-abandons-at = { $n ->
    [one] { $n } abandon at { $t } s: { $ids }
   *[other] { $n } abandons at { $t } s: { $ids }
}
timeline-dead-letters-at = { $n ->
    [one] { $n } dead-letter move at { $t } s: { $ids }
   *[other] { $n } dead-letter moves at { $t } s: { $ids }
}
timeline-settlements-at = { $n ->
    [one] { $n } settlement at { $t } s: { $ids }
   *[other] { $n } settlements at { $t } s: { $ids }
}
timeline-fork = { $n ->
    [one] You went back: your { $n } later action will play again as time passes. Act now and the story forks here: it is dropped, and Export and Share carry the new branch.
   *[other] You went back: your { $n } later actions will play again as time passes. Act now and the story forks here: they are dropped, and Export and Share carry the new branch.
}

# Senders and receivers ($name is a client's name).
senders-label = Senders
senders-add = Add sender
receivers-label = Receivers
receivers-add = Add receiver
client-activity = { $name } activity
client-remove = Remove
session-id = Session id

# A sender's panel and its form.
sender-title = Sender { $name }
sender-remove = Remove sender { $name }
send-to = To (queue or topic)
send-id = Message id
send-body = Body
send-more = More: TTL, session, schedule, properties
send-ttl = Time-to-live (ms)
send-none = none
send-schedule = Schedule in (ms from now)
send-now = send now
send-properties = Properties (key=value per line)
send-presettled = Presettled (fire and forget: no answer ever comes back)
send-button = Send

# A receiver's panel.
receiver-title = Receiver { $name }
receiver-remove = Remove receiver { $name }
receiver-session = session { $session }
receiver-session-lost = session { $session } lost
receiver-prefetched = { $n } prefetched
receiver-from = Receives from
receiver-from-fixed = A client receives from one queue or subscription: this one is fixed by what it already did
receiver-mode = Receive mode
receiver-peek-lock = Peek-lock
receiver-receive-and-delete = Receive and delete
receiver-source = Receive from
receiver-from-queue = from the queue
receiver-from-subscription = from the subscription
receiver-from-dlq = from the dead-letter queue
receiver-from-subscription-dlq = from its dead-letter queue
receiver-receive = Receive
receiver-peek = Peek
receiver-more-held = { $n } more held, not listed here (the stage shows every one)
receiver-deleted = Received and deleted: { $list }
receiver-deleted-item = { $id } (seq { $seq }, delivery { $count })
receiver-peeked = Peeked: { $list }
receiver-peeked-item = { $id } (seq { $seq }, delivery count { $count })
receiver-more = More: deferred, sessions, dead-letter reason, close
receiver-deferred-seqs = Deferred sequence numbers
receiver-deferred-placeholder = seq, e.g. 3
receiver-receive-deferred = Receive deferred
receiver-session-placeholder = session id (empty: next available)
receiver-accept-session = Accept session
receiver-renew-session = Renew session lock
receiver-dl-reason = Dead-letter reason
receiver-dl-description = Dead-letter description
receiver-close = Close
receiver-disconnect = Disconnect

# The messages a receiver holds, each with its settlements (also the inspector's buttons).
settle-complete = Complete
settle-abandon = Abandon
settle-dead-letter = Dead-letter
settle-defer = Defer
settle-renew-lock = Renew lock
held-list = Held by { $name }
held-row = { $id } held
held-inspect = Inspect { $id }
held-meta = seq { $seq } · delivery { $count }
held-deferred = deferred
held-from-dlq = from DLQ
held-lock-left = Lock time left
held-dismiss = Dismiss

# The message inspector.
inspector-label = Message inspector
inspector-title = Message { $id }
inspector-close = Close
inspector-settle = Settle the selected message
inspector-empty = Click or tap a message on the stage (or its Inspect button) to see every property the broker keeps for it and to settle it.
inspector-app-props = Application properties
inspector-no-props = None

# The event log and the queue's card.
log-label = Event log
log-title = Why: event log
log-newest-first = newest first
log-earlier = { $n ->
    [one] { $n } earlier line: shown when the clock stops
   *[other] { $n } earlier lines: shown when the clock stops
}
queue-label = Queue
lane-more = + { $n } more

# Scenario tools: load, export, share, embed.
scenario-label = Scenario
scenario-recorded = what you do is recorded as script steps
scenario-preset = Preset
scenario-load-preset = Load preset
scenario-own = Your own scenario
scenario-copy-link = Copy link
scenario-export = Export
scenario-share = Share link
scenario-embed = Embed
scenario-what-if = What if…
scenario-open-file = Open file…
scenario-share-field = Share link (scenario and position)
scenario-embed-width-field = Embed width (px)
scenario-embed-width = Embed width
scenario-embed-help = Embed in a docs page (its height is the embed's at that width; the script line is optional: it fits the frame to narrower pages)
scenario-embed-snippet = Embed snippet
# The embedded frame's title, in the snippet.
scenario-embed-title = Settle: { $title }
scenario-exported = Exported scenario
scenario-download = Download { $name }
scenario-paste = Paste a scenario (JSON)
scenario-json = Scenario JSON
scenario-load = Load
scenario-loaded = Loaded "{ $title }".
scenario-loaded-at = Loaded "{ $title }" at { $t } s, where it stops. Restart plays it from 0 s.
scenario-not-loaded = Not loaded, nothing changed. { $error }
scenario-link-copied = Link copied.
scenario-copy-failed = Copy failed: the browser did not allow it. Copy the link below.
scenario-export-failed = The download could not be started: copy the text below.
scenario-file-unreadable = That file could not be read.

# Downloads made by the artifacts worker ($kind is a button's name, $name a file's).
download-group-picture = Story as a picture
download-group-code = Export as code
download-svg = SVG
download-svg-animated = Animated SVG
download-python = Python
download-typescript = TypeScript
download-busy = { $kind }…
download-saved = Downloaded { $name }.
download-not-started = The download could not be started.
download-failed = No { $kind }: { $error }
download-helper-failed = The download helper could not be started in this browser.

# The queue's settings.
settings-label = Queue settings
settings-note = changing them loses every lock held, as on the real broker
settings-lock = Lock duration (ms, 5000–300000)
settings-mdc = Max delivery count
settings-ttl = Default TTL (ms, empty = never)
settings-dup = Duplicate detection window (ms, empty = off)
settings-tier = Tier
settings-tier-basic = basic
settings-tier-standard = standard
settings-tier-premium = premium
settings-dl-expiration = Dead-letter on expiration
settings-sessions-on = Sessions: on (fixed when a queue is created).
settings-sessions-off = Sessions: off (fixed when a queue is created; load a scenario with requires_session to try them).
settings-apply = Apply settings
# A field's name in an error ($name), and the errors.
settings-name-lock = lock duration
settings-name-mdc = max delivery count
settings-name-ttl = default TTL
settings-name-dup = duplicate detection window
settings-not-whole = { $name }: "{ $value }" is not a whole number
settings-too-large = { $name }: too large
