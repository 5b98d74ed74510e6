# Why a document was refused (settle_scenario::FormatError): the problems every part of the
# format shares. $want and $found are types: null, boolean, number, whole, string,
# string-or-null, array, object. Keys, numbers and serde_json's $error stay as they are.

format-expected = expected { $want ->
    [null] null
    [boolean] a boolean
    [number] a number
    [whole] a whole number
    [string] a string
    [string-or-null] a string or null
    [array] an array
   *[object] an object
}, found { $found ->
    [null] null
    [boolean] a boolean
    [number] a number
    [whole] a whole number
    [string] a string
    [string-or-null] a string or null
    [array] an array
   *[object] an object
}
format-missing-key = missing required key "{ $key }"
format-out-of-range = { $n } is out of range { $lo }..={ $hi }
format-too-long = longer than { $max } characters
format-unknown-key = unknown key "{ $key }"
format-unknown-key-near = unknown key "{ $key }" (did you mean "{ $near }"?)
format-not-whole = expected a whole number ≥ 0, found { $n }
format-too-late = { $n } ms is more than { $max } ms (10 years), the longest time a scenario may name
format-not-json = not valid JSON: { $error }

# The problems of one part of the format. $value, $name, $kind, $op, $key, $topic, $client,
# $from, $arg, $head, $src, $first, $body, $format are words of the document; $choices-like
# lists ($ops, $known, $list, $variants) are the format's own words. $error is a problem told
# by another part of Settle (a filter's SQL, a lesson's event), as it is. $found is a type as
# in format-expected; $what is record-key, queue-key, final-list, message-id or client-name.

format-document-too-big = the document is { $n } bytes; a scenario is at most { $max } bytes
format-not-utf8 = not valid UTF-8: byte offset { $offset } is not part of a UTF-8 character
format-bom = the document starts with a byte-order mark (U+FEFF); save it as UTF-8 without one
format-duplicate-key = duplicate key "{ $key }" (each key at most once)
format-unsupported-version = unsupported format version { $version } (this runner reads version 1)
format-entities-and-queue = not allowed together with $.queue
format-entities-only-run = this scenario declares entities (queues, topics, subscriptions); the playground runs one queue so far: use the command line (settle run, lesson, render, export)
format-too-many-steps = { $n } steps; a script has at most { $max }
format-at-decreases = { $n } is earlier than the step before it ({ $last }); at_ms must not decrease
format-run-until-early = { $n } is before the last step at { $last }
format-too-many-actors = { $n } actors; a scenario has at most { $max }
format-sessions-not-required = the receiver reads an entity that does not require sessions
format-too-many-sends = the senders send more than { $max } messages together, the most a scenario may ask for
format-two-actors-named = "{ $name }" names two actors
format-payload-too-big = the message bodies this scenario writes come to more than { $max } bytes (a body with {"{"}n{"}"} is written out once per message)
format-already-receives = client { $client } already receives from "{ $from }"

format-at-least-or-null = must be at least { $lo } (or null)
format-out-of-range-or-null = { $n } is out of range { $lo }..={ $hi } (or null)
format-not-tier = "{ $value }" is not a tier (basic, standard, premium)
format-below-minimum = { $n } is below the minimum { $min }
format-basic-no-duplicate-detection = the basic tier has no duplicate detection
format-basic-no-sessions = the basic tier has no sessions
format-at-least-one = must be at least 1
format-config = { $error }

format-not-probability = { $n } is not a probability (0 to 1)
format-not-outcome = "{ $value }" is not an outcome (complete, abandon, dead_letter, defer)
format-client-name = a client name is 1 to 64 characters
format-throttled-needs-max = a throttled sender needs "max_in_flight"
format-max-in-flight-not-throttled = only a throttled sender ("mode": "throttled") has "max_in_flight"
format-not-send-mode = "{ $value }" is not a send mode (sequential, pipelined, throttled, fire_and_forget, presettled)
format-too-many-session-ids = more than { $max } session ids
format-session-id = a session id is a string of 1 to 128 characters
format-body-too-big = a body is at most { $max } bytes
format-range-order = the range is [min, max] with min ≤ max
format-non-empty-string = a non-empty string
format-sessions-receiver = a receiver with "sessions" reads the main queue one message per session at a time (no concurrency, prefetch or dead-letter queue)
format-not-actor-kind = "{ $value }" is not an actor kind (sender, receiver)

format-not-receive-mode = "{ $value }" is not a mode (peek_lock, receive_and_delete)
format-msg-and-seq = give either "msg" or "seq", not both
format-msg-or-seq = missing the message: "msg" (an id) or "seq"
format-must-not-be-empty = must not be empty
format-send-body-too-big = a body is at most { $max } bytes (size_bytes can declare a bigger message)
format-too-many-seqs = names more than { $max } sequence numbers
format-no-seqs = must name at least one sequence number
format-update-queue-with-entities = update_queue is only valid without $.entities; use update_entity
format-unknown-op = unknown op "{ $op }" (one of: { $ops })

format-too-many-properties = more than { $max } properties
format-property-too-big = a property (key and value) is at most { $max } bytes
format-properties-too-big = the properties of one message are at most { $max } bytes
format-property-number-range = number out of range
format-property-type = a property is a string, number or boolean, found { $found ->
    [null] null
    [boolean] a boolean
    [number] a number
    [string] a string
    [array] an array
   *[object] an object
}

format-unknown-key-here = unknown key
format-entity-name = invalid entity name
format-reserved-name = "{ $name }" is a reserved name
format-subscription-name = invalid subscription name
format-no-entities = declares no entity
format-missing = missing
format-basic-no-topics = "basic" has no topics
format-not-entity-type = "{ $value }" is not an entity type (queue, topic)
format-no-such-entity = no such entity
format-no-queue-or-topic = no queue or topic named "{ $name }"
format-send-to-subscription = "{ $name }" is a subscription; send to its topic
format-not-sub-queue = "{ $value }" is not a sub-queue (main, dead_letter)
format-not-session-entity = "{ $value }" is not a session entity (queue)
format-only-without-entities = "{ $name }" is only valid without $.entities
format-sessions-not-from-dlq = "{ $name }": sessions are not read from a dead-letter queue
format-receive-from-topic = "{ $topic }" is a topic; receive from "{ $topic }/subscriptions/<name>"
format-no-queue-or-subscription = no queue or subscription named "{ $name }"
format-only-with-entities = { $op } is only valid with $.entities
format-not-subscription = "{ $name }" is not a subscription ("<topic>/subscriptions/<name>")
format-no-entity = no entity named "{ $name }"

format-empty-correlation = needs at least one condition
format-one-filter = exactly one of true, false, sql, correlation
format-expected-empty-object = expected {"{"}{"}"}
format-sql-filter = { $error }
format-sql-action = { $error }
format-action-with-correlation = not allowed with a correlation filter
format-rule-name = invalid rule name
format-same-name = same name as { $other }

format-is-empty = is empty
format-not-event = "{ $kind }" is neither a trace event nor an operation
format-nth-from-one = counts from 1 (or "last")
format-speed-range = { $n } is out of range (0, 10000]
format-at-and-on = give "at_ms" or "on", not both
format-at-or-on = missing "at_ms" or "on"
format-after-without-on = only with "on"
format-note-unplaced = { $error }
format-no-queue-topic-or-subscription = no queue, topic or subscription named "{ $name }"
format-in-placeholder = {"{"}{ $src }{"}"}: { $error }
format-placeholder-not-event = {"{"}{ $src }{"}"}: "{ $kind }" is neither a trace event nor an operation
format-placeholder-nth = {"{"}{ $src }{"}"}: "#{ $n }" is not #1, #2, … or #last
format-placeholder-two-ids = {"{"}{ $src }{"}"}: more than one message id
format-placeholder-not-one-of = {"{"}{ $src }{"}"}: "{ $arg }" is not { $what ->
    [record-key] a record key
    [queue-key] a numeric queue key
   *[final-list] a final list
} ({ $list })
format-placeholder-one-entity = {"{"}{ $src }{"}"}: { $head } takes at most one entity (a queue, topic or subscription path)
format-placeholder-empty = {"{"}{ $src }{"}"}: empty placeholder
format-placeholder-one-arg = {"{"}{ $src }{"}"}: { $head } takes one { $what ->
    [message-id] message id
   *[client-name] client name
}
format-placeholder-no-args = {"{"}{ $src }{"}"}: { $head } takes no arguments
format-unknown-placeholder = unknown placeholder {"{"}{ $src }{"}"} (known: { $known })
format-placeholder-format = {"{"}{ $src }{"}"}: unknown format "|{ $format }" (|s, |min, |raw)
format-placeholder-variant = {"{"}{ $src }{"}"}: say which variant it reads, e.g. {"{"}{ $first }.{ $body }{"}"} (variants: { $variants })
format-lone-close = a lone "{"}"}" (write "{"}}"}" for a brace)
format-unclosed = a "{"{"}" without its "{"}"}"

format-not-a-comparison = missing required key "compare" (this is not a comparison)
format-comparison-not-json = not JSON: { $error }
format-comparison-version = unsupported format version { $version }
format-not-a-preset = "{ $name }" is not a preset (see `settle presets`)
format-preset-not-json = { $error }
format-preset-or-scenario = expected a preset name or a scenario, found { $found ->
    [null] null
    [boolean] a boolean
    [number] a number
    [string] a string
    [array] an array
   *[object] an object
}
format-not-one-placeholder = "{ $text }" is not one placeholder
format-condition-shape = expected "{"{"}x.…{"}"} OP {"{"}y.…{"}"}" with OP one of <, <=, >, >=, =, !=
format-variant-count = two to four variants
format-scenario-or-preset = give "scenario" or "preset", not both
format-nothing-to-run = no "scenario", "preset" or "base" to run
format-variant-invalid = its scenario is invalid: { $error }
format-no-placeholder = no placeholder

# What a lesson's run cannot answer, said inside format-note-unplaced and format-in-placeholder.
format-fact-which-entity = say which entity: the document declares several ({ $form })
format-fact-no-queue = the run has no queue
format-fact-no-entity = no queue, topic or subscription named "{ $name }"
format-fact-matching = the run has { $n } matching { $n ->
    [one] record
   *[other] records
}
format-fact-no-time = the record has no time
format-fact-rate = a rate needs matching records at two different times
format-fact-no-delivery-count = no record of "{ $id }" carries a delivery count
format-fact-record-lacks = that { $kind } record has no { $key }
format-fact-idle = "{ $name }" does nothing in the run
format-fact-topic-key = "{ $name }" is a topic; its subscriptions have the { $key }
format-fact-entity-key-unset = { $name }'s { $key } is not set
format-fact-queue-key-unset = the queue's { $key } is not set
format-fact-no-final-list = "{ $name }" has no { $list } list in the final record
format-fact-no-run = no run to read it from

# What serde_json found in a text that is not JSON; $detail is its own words, $what their name.
format-json-syntax = { $what ->
    [eof-list] EOF while parsing a list
    [eof-object] EOF while parsing an object
    [eof-string] EOF while parsing a string
    [eof-value] EOF while parsing a value
    [expected-colon] expected `:`
    [expected-comma-or-bracket] expected `,` or `]`
    [expected-comma-or-brace] expected `,` or `{"}"}`
    [expected-ident] expected ident
    [expected-value] expected value
    [expected-quote] expected `"`
    [invalid-escape] invalid escape
    [invalid-number] invalid number
    [number-out-of-range] number out of range
    [invalid-code-point] invalid unicode code point
    [control-character] control character (\u0000-\u001F) found while parsing a string
    [key-not-string] key must be a string
    [lone-surrogate] lone leading surrogate in hex escape
    [trailing-comma] trailing comma
    [trailing-characters] trailing characters
    [end-of-hex-escape] unexpected end of hex escape
    [too-deep] recursion limit exceeded
   *[other] { $detail }
} at line { $line } column { $column }

# What is wrong with a SQL filter or a rule action, said inside format-sql-filter and format-sql-action.
format-sql-unsupported = unsupported: { $what ->
    [arithmetic] arithmetic
    [comments] comments
    [parameters] parameters
    [delimited-identifiers] delimited identifiers
    [quoted-identifiers] quoted identifiers
    [scientific-notation] scientific notation
    [property-in-in-list] a property in an IN list
    [like-pattern-not-string] a LIKE pattern that is not a string constant
    [escape] ESCAPE
    [functions] functions
    [sys-in-action] system properties in an action
    [property-right-of-set] a property on the right of SET
   *[set-to-null] SET to NULL (properties cannot hold null; use REMOVE)
} at column { $column }
format-sql-expected = expected { $what ->
    [digit-before-dot] a digit before '.'
    [digit-after-dot] a digit after '.'
    [close-paren] ')'
    [open-paren-after-exists] '(' after EXISTS
    [property-before-is] a property before IS
    [null] NULL
    [operator] an operator
    [open-paren-after-in] '(' after IN
    [comma-or-close-paren] ',' or ')'
    [string-pattern-after-like] a string pattern after LIKE
    [in-or-like-after-not] IN or LIKE after NOT
    [property-or-constant] a property or a constant
    [property] a property
    [property-name-after-dot] a property name after '.'
    [predicate] a predicate
    [open-paren-before-close] a '(' before this ')'
    [and-or-or-end] AND, OR or the end of the filter
    [set-or-remove] SET or REMOVE
    [equals] '='
   *[semicolon-or-end] ';' or the end of the action
} at column { $column }
format-sql-unknown-system-property = unknown system property { $name }
format-sql-unknown-scope = unknown scope { $scope } (sys or user) at column { $column }
format-sql-unterminated-string = string not closed by a quote at column { $column }
format-sql-unexpected-character = unexpected character { $char } at column { $column }
format-sql-number-out-of-range = number out of range at column { $column }
format-sql-too-long = longer than { $max } characters (the broker's limit)
format-sql-too-deep = nested deeper than { $max } levels at column { $column }
