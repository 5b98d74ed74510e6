# Почему документ отклонен (settle_scenario::FormatError): проблемы, общие для всех частей
# формата. $want и $found — типы. Ключи, числа и $error библиотеки serde_json остаются как есть.

format-expected = ожидается { $want ->
    [null] null
    [boolean] логическое значение
    [number] число
    [whole] целое число
    [string] строка
    [string-or-null] строка или null
    [array] массив
   *[object] объект
}, получено: { $found ->
    [null] null
    [boolean] логическое значение
    [number] число
    [whole] целое число
    [string] строка
    [string-or-null] строка или null
    [array] массив
   *[object] объект
}
format-missing-key = отсутствует обязательный ключ «{ $key }»
format-out-of-range = { $n } вне диапазона { $lo }..={ $hi }
format-too-long = длиннее { $max } { $max ->
    [one] символа
   *[other] символов
}
format-unknown-key = неизвестный ключ «{ $key }»
format-unknown-key-near = неизвестный ключ «{ $key }» (возможно, имелся в виду «{ $near }»?)
format-not-whole = ожидается целое число ≥ 0, получено: { $n }
format-too-late = { $n } мс больше { $max } мс (10 лет) — самого долгого времени, которое может указать сценарий
format-not-json = недопустимый JSON: { $error }

# Проблемы одной части формата. $value, $name, $kind, $op, $key, $topic, $client, $from, $arg,
# $head, $src, $first, $body, $format — слова документа; $ops, $known, $list, $variants — слова
# формата, остаются как есть. $error — проблема, о которой сообщает другая часть Settle (SQL
# фильтра, событие урока), как есть.

format-document-too-big = документ занимает { $n } { $n ->
    [one] байт
    [few] байта
   *[many] байт
}; сценарий занимает не более { $max } { $max ->
    [one] байта
   *[other] байт
}
format-not-utf8 = недопустимый UTF-8: байт со смещением { $offset } не входит ни в один символ UTF-8
format-bom = документ начинается с метки порядка байтов (U+FEFF); сохраните его как UTF-8 без неё
format-duplicate-key = ключ «{ $key }» повторяется (каждый ключ не более одного раза)
format-unsupported-version = неподдерживаемая версия формата { $version } (эта программа читает версию 1)
format-entities-and-queue = нельзя использовать вместе с $.queue
format-entities-only-run = этот сценарий объявляет сущности (очереди, разделы, подписки); песочница пока запускает только одну очередь: используйте командную строку (settle run, lesson, render, export)
format-too-many-steps = шагов: { $n }; в скрипте не более { $max }
format-at-decreases = { $n } раньше предыдущего шага ({ $last }); at_ms не должно уменьшаться
format-run-until-early = { $n } раньше последнего шага в { $last }
format-too-many-actors = акторов: { $n }; в сценарии не более { $max }
format-sessions-not-required = получатель читает сущность, которая не требует сеансов
format-too-many-sends = отправители вместе отправляют больше { $max } сообщений — больше, чем может запросить сценарий
format-two-actors-named = «{ $name }» — имя двух акторов
format-payload-too-big = тела сообщений, которые пишет этот сценарий, вместе занимают больше { $max } { $max ->
    [one] байта
   *[other] байт
} (тело с {"{"}n{"}"} пишется заново для каждого сообщения)
format-already-receives = клиент { $client } уже получает из «{ $from }»

format-at-least-or-null = должно быть не меньше { $lo } (или null)
format-out-of-range-or-null = { $n } вне диапазона { $lo }..={ $hi } (или null)
format-not-tier = «{ $value }» — не уровень (basic, standard, premium)
format-below-minimum = { $n } меньше минимума { $min }
format-basic-no-duplicate-detection = на уровне basic нет обнаружения дубликатов
format-basic-no-sessions = на уровне basic нет сеансов
format-at-least-one = должно быть не меньше 1
format-config = недопустимые настройки: { $error }

format-not-probability = { $n } — не вероятность (от 0 до 1)
format-not-outcome = «{ $value }» — не исход обработки (complete, abandon, dead_letter, defer)
format-client-name = имя клиента — от 1 до 64 символов
format-throttled-needs-max = отправителю с ограничением (throttled) нужен «max_in_flight»
format-max-in-flight-not-throttled = «max_in_flight» есть только у отправителя с ограничением («mode»: «throttled»)
format-not-send-mode = «{ $value }» — не режим отправки (sequential, pipelined, throttled, fire_and_forget, presettled)
format-too-many-session-ids = идентификаторов сеансов больше { $max }
format-session-id = идентификатор сеанса — строка от 1 до 128 символов
format-body-too-big = тело занимает не более { $max } { $max ->
    [one] байта
   *[other] байт
}
format-range-order = диапазон записывается как [min, max], где min ≤ max
format-non-empty-string = ожидается непустая строка
format-sessions-receiver = получатель с «sessions» читает основную очередь по одному сообщению каждого сеанса за раз (без параллельности, предварительной выборки и очереди недоставленных сообщений)
format-not-actor-kind = «{ $value }» — не вид актора (sender, receiver)

format-not-receive-mode = «{ $value }» — не режим (peek_lock, receive_and_delete)
format-msg-and-seq = укажите либо «msg», либо «seq», но не оба
format-msg-or-seq = не указано сообщение: «msg» (идентификатор) или «seq»
format-must-not-be-empty = не должно быть пустым
format-send-body-too-big = тело занимает не более { $max } { $max ->
    [one] байта
   *[other] байт
} (size_bytes может объявить сообщение больше)
format-too-many-seqs = указано больше { $max } порядковых номеров
format-no-seqs = нужно указать хотя бы один порядковый номер
format-update-queue-with-entities = update_queue допустимо только без $.entities; используйте update_entity
format-unknown-op = неизвестная операция «{ $op }» (одна из: { $ops })

format-too-many-properties = свойств больше { $max }
format-property-too-big = свойство (ключ и значение) занимает не более { $max } { $max ->
    [one] байта
   *[other] байт
}
format-properties-too-big = свойства одного сообщения вместе занимают не более { $max } { $max ->
    [one] байта
   *[other] байт
}
format-property-number-range = число вне диапазона
format-property-type = свойство — это строка, число или логическое значение, получено: { $found ->
    [null] null
    [boolean] логическое значение
    [number] число
    [string] строка
    [array] массив
   *[object] объект
}

format-unknown-key-here = неизвестный ключ
format-entity-name = недопустимое имя сущности
format-reserved-name = «{ $name }» — зарезервированное имя
format-subscription-name = недопустимое имя подписки
format-no-entities = не объявлено ни одной сущности
format-missing = отсутствует
format-basic-no-topics = на уровне basic нет разделов
format-not-entity-type = «{ $value }» — не тип сущности (queue, topic)
format-no-such-entity = такой сущности нет
format-no-queue-or-topic = нет очереди или раздела с именем «{ $name }»
format-send-to-subscription = «{ $name }» — подписка; отправляйте в её раздел
format-not-sub-queue = «{ $value }» — не вложенная очередь (main, dead_letter)
format-not-session-entity = «{ $value }» — не сущность с сеансами (queue)
format-only-without-entities = «{ $name }» допустимо только без $.entities
format-sessions-not-from-dlq = «{ $name }»: сеансы не читаются из очереди недоставленных сообщений
format-receive-from-topic = «{ $topic }» — раздел; получайте из «{ $topic }/subscriptions/<name>»
format-no-queue-or-subscription = нет очереди или подписки с именем «{ $name }»
format-only-with-entities = { $op } допустимо только с $.entities
format-not-subscription = «{ $name }» — не подписка («<topic>/subscriptions/<name>»)
format-no-entity = нет сущности с именем «{ $name }»

format-empty-correlation = нужно хотя бы одно условие
format-one-filter = ровно одно из: true, false, sql, correlation
format-expected-empty-object = ожидается {"{"}{"}"}
format-sql-filter = недопустимый фильтр SQL: { $error }
format-sql-action = недопустимое действие правила: { $error }
format-action-with-correlation = действие правила недопустимо с фильтром корреляции
format-rule-name = недопустимое имя правила
format-same-name = то же имя, что и { $other }

format-is-empty = пусто
format-not-event = «{ $kind }» — не событие трассировки и не операция
format-nth-from-one = счёт начинается с 1 (или «last»)
format-speed-range = { $n } вне диапазона (0, 10000]
format-at-and-on = укажите «at_ms» или «on», но не оба
format-at-or-on = не указано «at_ms» или «on»
format-after-without-on = только вместе с «on»
format-note-unplaced = не удаётся определить время заметки: { $error }
format-no-queue-topic-or-subscription = нет очереди, раздела или подписки с именем «{ $name }»
format-in-placeholder = заполнитель {"{"}{ $src }{"}"}: { $error }
format-placeholder-not-event = заполнитель {"{"}{ $src }{"}"}: «{ $kind }» — не событие трассировки и не операция
format-placeholder-nth = заполнитель {"{"}{ $src }{"}"}: «#{ $n }» — не #1, #2, … и не #last
format-placeholder-two-ids = заполнитель {"{"}{ $src }{"}"}: больше одного идентификатора сообщения
format-placeholder-not-one-of = заполнитель {"{"}{ $src }{"}"}: «{ $arg }» — не { $what ->
    [record-key] ключ записи
    [queue-key] числовой ключ очереди
   *[final-list] итоговый список
} ({ $list })
format-placeholder-one-entity = заполнитель {"{"}{ $src }{"}"}: { $head } принимает не более одной сущности (путь очереди, раздела или подписки)
format-placeholder-empty = заполнитель {"{"}{ $src }{"}"} пуст
format-placeholder-one-arg = заполнитель {"{"}{ $src }{"}"}: { $head } принимает { $what ->
    [message-id] один идентификатор сообщения
   *[client-name] одно имя клиента
}
format-placeholder-no-args = заполнитель {"{"}{ $src }{"}"}: { $head } не принимает аргументов
format-unknown-placeholder = неизвестный заполнитель {"{"}{ $src }{"}"} (известные: { $known })
format-placeholder-format = заполнитель {"{"}{ $src }{"}"}: неизвестный формат «|{ $format }» (|s, |min, |raw)
format-placeholder-variant = заполнитель {"{"}{ $src }{"}"}: укажите, какой вариант он читает, например {"{"}{ $first }.{ $body }{"}"} (варианты: { $variants })
format-lone-close = одиночная «{"}"}» (чтобы написать скобку, пишите «{"}}"}»)
format-unclosed = «{"{"}» без парной «{"}"}»

format-not-a-comparison = отсутствует обязательный ключ «compare» (это не сравнение)
format-comparison-not-json = не JSON: { $error }
format-comparison-version = неподдерживаемая версия формата { $version }
format-not-a-preset = «{ $name }» — не предустановка (см. `settle presets`)
format-preset-not-json = недопустимая предустановка: { $error }
format-preset-or-scenario = ожидается имя предустановки или сценарий, получено: { $found ->
    [null] null
    [boolean] логическое значение
    [number] число
    [string] строка
    [array] массив
   *[object] объект
}
format-not-one-placeholder = «{ $text }» — не один заполнитель
format-condition-shape = ожидается «{"{"}x.…{"}"} OP {"{"}y.…{"}"}», где OP — одно из <, <=, >, >=, =, !=
format-variant-count = от двух до четырёх вариантов
format-scenario-or-preset = укажите «scenario» или «preset», но не оба
format-nothing-to-run = нечего запускать: нет «scenario», «preset» или «base»
format-variant-invalid = его сценарий недопустим: { $error }
format-no-placeholder = нет заполнителя

format-fact-which-entity = укажите сущность: документ объявляет несколько ({ $form })
format-fact-no-queue = в прогоне нет очереди
format-fact-no-entity = нет очереди, раздела или подписки с именем «{ $name }»
format-fact-matching = в прогоне { $n } { $n ->
    [one] подходящая запись
    [few] подходящие записи
   *[other] подходящих записей
}
format-fact-no-time = у записи нет времени
format-fact-rate = для скорости нужны подходящие записи в два разных момента времени
format-fact-no-delivery-count = ни одна запись о «{ $id }» не содержит DeliveryCount
format-fact-record-lacks = у этой записи { $kind } нет { $key }
format-fact-idle = «{ $name }» ничего не делает в прогоне
format-fact-topic-key = «{ $name }» — раздел; { $key } есть у его подписок
format-fact-entity-key-unset = { $key } у «{ $name }» не задано
format-fact-queue-key-unset = { $key } очереди не задано
format-fact-no-final-list = у «{ $name }» нет списка { $list } в итоговой записи
format-fact-no-run = нет прогона, из которого можно прочитать значение

format-json-syntax = { $what ->
    [eof-list] текст оборвался внутри списка
    [eof-object] текст оборвался внутри объекта
    [eof-string] текст оборвался внутри строки
    [eof-value] текст оборвался, нет значения
    [expected-colon] ожидается `:`
    [expected-comma-or-bracket] ожидается `,` или `]`
    [expected-comma-or-brace] ожидается `,` или `{"}"}`
    [expected-ident] ожидается true, false или null
    [expected-value] ожидается значение
    [expected-quote] ожидается `"`
    [invalid-escape] недопустимая последовательность с обратной косой чертой
    [invalid-number] недопустимое число
    [number-out-of-range] число вне диапазона
    [invalid-code-point] недопустимая кодовая точка Юникода
    [control-character] управляющий символ (\u0000–\u001F) внутри строки
    [key-not-string] ключ должен быть строкой
    [lone-surrogate] одиночный суррогат в последовательности \u
    [trailing-comma] лишняя запятая в конце
    [trailing-characters] после конца документа есть ещё символы
    [end-of-hex-escape] последовательность \u оборвалась
    [too-deep] слишком глубокая вложенность
   *[other] { $detail }
} в строке { $line }, столбце { $column }

format-sql-unsupported = не поддерживается: { $what ->
    [arithmetic] арифметика
    [comments] комментарии
    [parameters] параметры
    [delimited-identifiers] идентификаторы в квадратных скобках
    [quoted-identifiers] идентификаторы в кавычках
    [scientific-notation] экспоненциальная запись чисел
    [property-in-in-list] свойство в списке IN
    [like-pattern-not-string] шаблон LIKE, который не является строковой константой
    [escape] ESCAPE
    [functions] функции
    [sys-in-action] системные свойства в действии
    [property-right-of-set] свойство справа от SET
   *[set-to-null] SET в NULL (свойство не может содержать null; используйте REMOVE)
}, столбец { $column }
format-sql-expected = ожидается { $what ->
    [digit-before-dot] цифра перед «.»
    [digit-after-dot] цифра после «.»
    [close-paren] «)»
    [open-paren-after-exists] «(» после EXISTS
    [property-before-is] свойство перед IS
    [null] NULL
    [operator] оператор
    [open-paren-after-in] «(» после IN
    [comma-or-close-paren] «,» или «)»
    [string-pattern-after-like] строковый шаблон после LIKE
    [in-or-like-after-not] IN или LIKE после NOT
    [property-or-constant] свойство или константа
    [property] свойство
    [property-name-after-dot] имя свойства после «.»
    [predicate] условие
    [open-paren-before-close] «(» перед этой «)»
    [and-or-or-end] AND, OR или конец фильтра
    [set-or-remove] SET или REMOVE
    [equals] «=»
   *[semicolon-or-end] «;» или конец действия
}, столбец { $column }
format-sql-unknown-system-property = неизвестное системное свойство { $name }
format-sql-unknown-scope = неизвестная область { $scope } (sys или user), столбец { $column }
format-sql-unterminated-string = строка не закрыта кавычкой, столбец { $column }
format-sql-unexpected-character = неожиданный символ { $char }, столбец { $column }
format-sql-number-out-of-range = число вне диапазона, столбец { $column }
format-sql-too-long = длиннее { $max } символов (ограничение брокера)
format-sql-too-deep = вложенность глубже { $max } уровней, столбец { $column }
