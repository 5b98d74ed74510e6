# Что Settle выводит вне страницы: урок и сравнение в CLI и историю в SVG.

## settle lesson
print-speed = скорость { $speed }×
print-what-you-saw = Что вы увидели
print-pause = [пауза]

## settle compare
print-difference = Разница: { $text }
print-holds = выполняется
print-fails = НЕ ВЫПОЛНЯЕТСЯ
print-contradict = прогоны противоречат заявленной разнице

## settle render
## The SVG story (`settle render --svg`, the page's download): swimlanes over virtual time.

story-desc = Сценарий, выполненный в Settle, в виде дорожек на оси виртуального времени.
story-footer = Settle · детерминированная имитация Azure Service Bus (начальное значение { $seed }) · время виртуальное
story-axis = виртуальное время
story-tick = { $s } с
story-settings-queue = Очередь: { $settings }
story-settings-entities = Сущности: { $entities }
story-duration =
    { $unit ->
        [d] { $n } сут
        [h] { $n } ч
        [min] { $n } мин
       *[s] { $n } с
    }
story-setting-lock-duration = длительность блокировки { story-duration }
story-setting-default-ttl = срок жизни по умолчанию { story-duration }
story-setting-duplicate-detection = обнаружение повторяющихся сообщений { story-duration }
story-setting-max-delivery-count = MaxDeliveryCount { $count }
story-setting-dead-letter-on-expiration = по истечении срока — в очередь недоставленных сообщений
story-setting-sessions = сеансы
story-setting-tier = уровень { $tier }
story-setting-max-size =
    { $size ->
        [one] макс. размер { $size } байт
        [few] макс. размер { $size } байта
        [many] макс. размер { $size } байт
       *[other] макс. размер { $size } байта
    }
story-entity-queue = очередь { $name }
story-entity-topic = раздел { $name }
story-entity-with-settings = { $entity } ({ $settings })
story-entity-no-rules = нет правил
story-entity-rules = правила { $rules }
story-entity-subscriptions = { $topic } → { $subscriptions }
story-entity-no-subscriptions = { $topic }: нет подписок

## The lanes: a name (bold), and under it what the lane holds or what its client did.

story-lane-queue = Очередь
story-lane-queue-named = Очередь { $name }
story-lane-topic = Раздел { $name }
story-lane-subscription = Подписка { $name }
story-lane-dead-letter = Недоставленные
story-lane-dead-letter-of = Очередь недоставленных сообщений: { $name }
story-role-messages =
    { $count ->
        [one] { $count } сообщение
        [few] { $count } сообщения
        [many] { $count } сообщений
       *[other] { $count } сообщения
    }
story-role-queue =
    { $count ->
        [one] очередь · { $count } сообщение
        [few] очередь · { $count } сообщения
        [many] очередь · { $count } сообщений
       *[other] очередь · { $count } сообщения
    }
story-role-subscription =
    { $count ->
        [one] раздела { $topic } · { $count } сообщение
        [few] раздела { $topic } · { $count } сообщения
        [many] раздела { $topic } · { $count } сообщений
       *[other] раздела { $topic } · { $count } сообщения
    }
story-role-topic = опубликовано: { $published }
story-role-topic-dropped = опубликовано: { $published }, отброшено: { $dropped }
story-role-dead-letter-empty = нет сообщений
story-role-dead-letter =
    { $count ->
        [one] { $count } сообщение
        [few] { $count } сообщения
        [many] { $count } сообщений
       *[other] { $count } сообщения
    }
story-role-dead-letter-of-empty = для { $name } · нет сообщений
story-role-dead-letter-of =
    { $count ->
        [one] для { $name } · { $count } сообщение
        [few] для { $name } · { $count } сообщения
        [many] для { $name } · { $count } сообщений
       *[other] для { $name } · { $count } сообщения
    }
story-role-receiver = получено: { $received }
story-role-receiver-completed = получено: { $received }, ✓ { $completed }
story-role-sender = отправлено: { $sent }
story-role-sender-refused = отправлено: { $sent }, отклонено: { $refused }
story-role-client = клиент

## A message's bars and the labels in them.

story-bar-scheduled = { $id } · запланировано на { $s } с
story-bar-delivery = { $id } · доставка { $count }
story-bar-no-reason = { $id } · (без кода причины)
story-bar-session = сеанс { $session }
story-bar-until = { $label } · до { $deadline } с
story-bar-lock-until = { $label } · блокировка до { $deadline } с
story-bar-span = { $label }, { $from } с – { $to } с
story-bar-span-open = { $label }, { $from } с – конец
story-bar-span-lock = { $label }, { $from } с – { $to } с, блокировка до { $deadline } с
story-bar-span-open-lock = { $label }, { $from } с – конец, блокировка до { $deadline } с
story-band-peak = до { $count } одновременно

## Marks: what happened at an instant, labelled beside it.

story-mark-unrouted = { $id }: нет подписки, отброшено
story-mark-duplicate = { $id }: повтор, отброшено
story-mark-activated = активно, пор. № { $seq }
story-mark-cancelled = отменено
story-mark-expired = срок истёк, отброшено
story-mark-session-lock-expired = истечение срока блокировки сеанса
story-mark-lock-lost =
    { $cause ->
        [closed] потеря блокировки: закрыто
        [disconnected] потеря блокировки: отключено
       *[updated] потеря блокировки: очередь обновлена
    }
story-mark-peek = просмотр: { $count }
story-mark-close = закрытие
story-mark-disconnect = отключение
story-mark-crash = сбой
story-mark-queue-updated = параметры очереди изменены
story-mark-entity-updated = { $name }: параметры изменены
story-mark-rule-added = { $name }: правило { $rule } добавлено
story-mark-rule-removed = { $name }: правило { $rule } удалено
story-op =
    { $op ->
        [send] отправка
        [schedule] планирование
        [cancel] отмена планирования
        [receive] получение
        [receive-deferred] получение отложенного сообщения
        [peek] просмотр
        [complete] Complete
        [abandon] Abandon
        [dead-letter] DeadLetter
        [defer] Defer
        [renew-lock] продление блокировки
        [open] открытие
        [close] закрытие
        [accept-session] принятие сеанса
        [renew-session-lock] продление блокировки сеанса
        [set-session-state] запись состояния сеанса
        [get-session-state] чтение состояния сеанса
        [disconnect] отключение
        [update-queue] обновление очереди
       *[update-entity] обновление сущности
    }
story-mark-refused = { story-op } { $id } → { $error }
story-mark-refused-seq = { story-op } пор. № { $seq } → { $error }
story-mark-refused-any = { story-op } → { $error }
story-group-send = ×{ $count } отправлено
story-group-duplicate =
    { $count ->
        [one] ×{ $count } повтор
        [few] ×{ $count } повтора
        [many] ×{ $count } повторов
       *[other] ×{ $count } повтора
    }
story-group-refused = ×{ $count } отклонено
story-group-activated = ×{ $count } активировано
story-group-cancelled = ×{ $count } отменено
story-group-complete = ×{ $count } Complete
story-group-abandon = ×{ $count } Abandon
story-group-defer = ×{ $count } Defer
story-group-dead-letter = ×{ $count } DeadLetter
story-group-lock-expired =
    { $count ->
        [one] ×{ $count } истечение срока блокировки
        [few] ×{ $count } истечения срока блокировки
        [many] ×{ $count } истечений срока блокировки
       *[other] ×{ $count } истечения срока блокировки
    }
story-group-lock-lost =
    { $count ->
        [one] ×{ $count } потеря блокировки
        [few] ×{ $count } потери блокировки
        [many] ×{ $count } потерь блокировки
       *[other] ×{ $count } потери блокировки
    }
story-group-ttl-expired = ×{ $count } срок жизни истёк
story-group-received-deleted = ×{ $count } получено
story-group-renew = ×{ $count } продлено
story-group-peek =
    { $count ->
        [one] ×{ $count } просмотр
        [few] ×{ $count } просмотра
        [many] ×{ $count } просмотров
       *[other] ×{ $count } просмотра
    }
story-group-link = ×{ $count }
story-group-admin =
    { $count ->
        [one] ×{ $count } изменение
        [few] ×{ $count } изменения
        [many] ×{ $count } изменений
       *[other] ×{ $count } изменения
    }
story-group-published = ×{ $count } опубликовано
story-group-unrouted = ×{ $count } отброшено

## The legend: only what the picture uses.

story-legend-waiting = ожидает в очереди
story-legend-scheduled = запланировано
story-legend-deferred = отложено
story-legend-locked = заблокировано (PeekLock)
story-legend-prefetched = заблокировано в буфере предварительной выборки
story-legend-dead-letter-queue = в очереди недоставленных сообщений
story-legend-session = блокировка сеанса
story-legend-expired-wait = срок истёк, ещё не удалено
story-legend-deadline = срок блокировки
story-legend-send = отправка (помещено в очередь)
story-legend-duplicate = повторяющееся сообщение отброшено
story-legend-rejected = отправка отклонена
story-legend-activated = запланированное → активное
story-legend-cancelled = отменено / отброшено
story-legend-complete = Complete
story-legend-abandon = Abandon
story-legend-defer = Defer
story-legend-dead-letter = DeadLetter
story-legend-lock-expired = истечение срока блокировки
story-legend-lock-lost = потеря блокировки
story-legend-ttl-expired = срок жизни истёк
story-legend-received-deleted = получено и удалено
story-legend-renew = блокировка продлена
story-legend-peek = просмотр
story-legend-link = закрытие / отключение / сбой
story-legend-queue-updated = параметры очереди изменены
story-legend-entity-updated = параметры или правила изменены
story-legend-refused = шаг отклонён (ошибка)
story-legend-published = опубликовано: копия для каждой подписки
story-legend-unrouted = ни одна подписка не приняла: отброшено

## The notes under the lanes: what is not drawn, or not whole.

story-note-cropped = После { $last } с ничего не происходит; прогон заканчивается на { $end } с.
story-note-cut =
    { $records ->
        [one] Этот прогон слишком длинный, чтобы нарисовать его целиком: показан до { $end } с (первая { $records } запись).
        [few] Этот прогон слишком длинный, чтобы нарисовать его целиком: показан до { $end } с (первые { $records } записи).
        [many] Этот прогон слишком длинный, чтобы нарисовать его целиком: показан до { $end } с (первые { $records } записей).
       *[other] Этот прогон слишком длинный, чтобы нарисовать его целиком: показан до { $end } с (первые { $records } записи).
    }
story-note-band =
    { $count ->
        [one] { $lane }: слишком много одновременно, чтобы рисовать по одному ({ $count } отрезок); полоса показывает, сколько их в каждый момент.
        [few] { $lane }: слишком много одновременно, чтобы рисовать по одному ({ $count } отрезка); полоса показывает, сколько их в каждый момент.
        [many] { $lane }: слишком много одновременно, чтобы рисовать по одному ({ $count } отрезков); полоса показывает, сколько их в каждый момент.
       *[other] { $lane }: слишком много одновременно, чтобы рисовать по одному ({ $count } отрезка); полоса показывает, сколько их в каждый момент.
    }
story-note-marks-left-out =
    { $count ->
        [one] Ещё { $count } отметка не нарисована.
        [few] Ещё { $count } отметки не нарисованы.
        [many] Ещё { $count } отметок не нарисовано.
       *[other] Ещё { $count } отметки не нарисовано.
    }
story-note-detail =
    { $count ->
        [one] { $count } сообщение: подписи и стрелки между дорожками есть только у первых { $detail }.
        [few] { $count } сообщения: подписи и стрелки между дорожками есть только у первых { $detail }.
        [many] { $count } сообщений: подписи и стрелки между дорожками есть только у первых { $detail }.
       *[other] { $count } сообщения: подписи и стрелки между дорожками есть только у первых { $detail }.
    }

## What happened: a sentence for each moment worth one, under its time (story-tick).

story-happened = Что произошло
story-happened-more = … и ещё { $count }.
story-moment-unrouted = { $id } не подошло ни одной подписке раздела { $topic }: принято, затем отброшено.
story-moment-duplicate = { $client } снова отправил { $id } в окне обнаружения повторяющихся сообщений: сообщено о приёме, но отброшено.
story-moment-presettled-refused = Предварительно согласованная отправка { $id } клиентом { $client } отклонена ({ $error }); отправитель об этом не узнает.
story-moment-lock-expired =
    { $queue ->
        [dead-letter] { $id }: срок блокировки клиента { $client } истёк до согласования; в очереди недоставленных сообщений доставки не считаются ({ $count }).
       *[main] { $id }: срок блокировки клиента { $client } истёк до согласования; неудачная доставка ({ $count } из { $max }).
    }
story-moment-lock-expired-in =
    { $queue ->
        [dead-letter] { $id } в { $place }: срок блокировки клиента { $client } истёк до согласования; в очереди недоставленных сообщений доставки не считаются ({ $count }).
       *[main] { $id } в { $place }: срок блокировки клиента { $client } истёк до согласования; неудачная доставка ({ $count } из { $max }).
    }
story-moment-lock-lost =
    { $cause ->
        [closed] { $id }: клиент { $client } потерял блокировку (закрыто).
        [disconnected] { $id }: клиент { $client } потерял блокировку (отключено).
       *[updated] { $id }: клиент { $client } потерял блокировку (очередь обновлена).
    }
story-moment-dead-lettered = { $id } → очередь недоставленных сообщений, код причины { $reason }
story-moment-dead-lettered-no-reason = { $id } → очередь недоставленных сообщений, без кода причины
story-moment-dead-lettered-of = { $id } → очередь недоставленных сообщений для { $place }, код причины { $reason }
story-moment-dead-lettered-of-no-reason = { $id } → очередь недоставленных сообщений для { $place }, без кода причины
story-moment-described = { $text }: { $description }
story-moment-by = { $text } (клиент { $client })
story-moment-ttl-expired = Срок жизни { $id } истёк: отброшено.
story-moment-session-lock-expired = Срок блокировки сеанса { $session } клиентом { $client } истёк.
story-moment-refused = { $client }: { story-op } { $id } — отклонено с ошибкой { $error }{ $why }
story-moment-refused-seq = { $client }: { story-op } пор. № { $seq } — отклонено с ошибкой { $error }{ $why }
story-moment-refused-any = { $client }: { story-op } — отклонено с ошибкой { $error }{ $why }

## What-if sweeps (`settle sweep --format svg`): charts of a scenario's variants.
sweep-title = Что если: { $title }
sweep-desc =
    { $points ->
        [one] { $points } вариант сценария
        [few] { $points } варианта сценария
        [many] { $points } вариантов сценария
       *[other] { $points } варианта сценария
    }, { $seeds ->
        [one] каждый запущен { $seeds } раз
        [few] каждый запущен { $seeds } раза с разными начальными значениями
       *[other] каждый запущен { $seeds } раз с разными начальными значениями
    } · время виртуальное
sweep-throughput = Пропускная способность: завершений в секунду
sweep-throughput-short = завершений в секунду
sweep-latency = Время от постановки в очередь до завершения (мс)
sweep-latency-p95 = Время от постановки в очередь до завершения, 95-й процентиль (мс)
sweep-p50 = медиана
sweep-p95 = 95-й процентиль
sweep-losses = Истечения срока блокировки и перемещения в очередь недоставленных сообщений за один запуск
sweep-lock-expiries = истечения срока блокировки
sweep-dead-lettered = в очереди недоставленных сообщений
sweep-over-budget = превышен рабочий бюджет
sweep-foot = Settle · каждая точка — детерминированный запуск сценария с указанными значениями
sweep-foot-over =
    { $n ->
        [one] Settle · { $n } точка превысила рабочий бюджет (пунктир): ее числа учитывают работу до этого момента
        [few] Settle · { $n } точки превысили рабочий бюджет (пунктир): их числа учитывают работу до этого момента
       *[other] Settle · { $n } точек превысили рабочий бюджет (пунктир): их числа учитывают работу до этого момента
    }
sweep-svg-dimensions = SVG рисует один или два изменяемых параметра, а не { $n }: используйте --format csv или json
sweep-param-receivers = число получателей
sweep-param-concurrency = параллелизм (сообщений, которые каждый получатель обрабатывает одновременно)
sweep-param-prefetch = число предварительно выбираемых сообщений
sweep-param-processing-ms = время обработки (мс)
sweep-param-lock-ms = длительность блокировки (мс)
sweep-param-auto-renew-ms = автоматическое продление блокировки не дольше (мс)
sweep-param-max-delivery-count = maxDeliveryCount
sweep-param-send-interval-ms = интервал между отправками (мс)

## The What-if page (whatif.html): a sweep of a scenario's settings, run in the browser.
whatif-intro = Settle в фоновом режиме запускает этот сценарий по одному разу для каждого выбранного значения и рисует, что изменилось.
whatif-ready = Готовые прогоны
whatif-sweep-consumers-title = Получатели против всплеска нагрузки
whatif-sweep-consumers-caption = Всплеск из 200 заказов разбирают от 1 до 8 конкурирующих получателей. Пока в очереди есть отставание, каждый новый получатель повышает пропускную способность, и время ожидания заказа сокращается; очередь выравнивает нагрузку при любом их числе.
whatif-sweep-prefetch-title = Предварительная выборка против длительности блокировки
whatif-sweep-prefetch-caption = Один медленный рабочий процесс во время работы заранее выбирает следующие заказы, и заказ блокируется уже в буфере. Если на обработку буфера уходит больше времени, чем длится блокировка, блокировки истекают до начала работы, заказы доставляются повторно, а после трех доставок попадают в очередь недоставленных сообщений.
whatif-param = Параметр
whatif-second = Второй параметр
whatif-setting = Настройка
whatif-none = нет
whatif-from = от
whatif-to = до
whatif-step = шаг
whatif-seeds = Запусков на вариант (начальные значения)
whatif-run = Запустить
whatif-cancel = Отмена
whatif-progress-label = Выполненные варианты
whatif-progress = { $done } из { $total }
whatif-done =
    { $n ->
        [one] { $n } вариант за { $seconds } с
        [few] { $n } варианта за { $seconds } с
        [many] { $n } вариантов за { $seconds } с
       *[other] { $n } варианта за { $seconds } с
    }, { $workers ->
        [one] в одном рабочем потоке
       *[other] в рабочих потоках: { $workers }
    }
whatif-cancelled = Отменено после { $done } из { $total }.
whatif-result = Результаты
whatif-hint = Щелкните точку или кнопку «Открыть» в строке, чтобы увидеть этот вариант в песочнице в самый показательный момент: при первом истечении срока блокировки или перемещении в очередь недоставленных сообщений, иначе когда очередь была самой длинной.
whatif-download-svg = Скачать SVG
whatif-download-csv = Скачать CSV
whatif-table = Числа каждого варианта (те же, что выводит settle sweep)
whatif-col-throughput = завершений в секунду
whatif-col-p50 = медиана времени до завершения (мс)
whatif-col-p95 = 95-й процентиль (мс)
whatif-col-lock-expiries = истечений блокировки за запуск
whatif-col-dead-lettered = недоставленных за запуск
whatif-col-queue = самая длинная очередь
whatif-col-seeds = запуски
whatif-col-status = состояние
whatif-open = Открыть
whatif-open-label = Открыть { $point } в песочнице
whatif-back = Назад в песочницу
whatif-not-number = { $param }: «{ $text }» — не целое число
whatif-empty = { $param }: от { $from } до { $to } нет ни одного значения
whatif-step-zero = { $param }: шаг должен быть не меньше 1
whatif-twice = { $param } выбран дважды
whatif-seeds-range = Запусков на вариант: от 1 до { $max }
whatif-too-many = Вариантов: { $n }; не больше { $max } (сократите диапазон или увеличьте шаг)
whatif-no-receiver = { $param }: в этом сценарии нет автоматического получателя, которого можно изменить
whatif-no-sender = { $param }: в этом сценарии нет автоматического отправителя, которого можно изменить
whatif-entities = Прогон меняет настройки одной очереди, а этот сценарий объявляет несколько сущностей.
whatif-no-sweep = Готового прогона «{ $name }» нет.
whatif-no-preset = Встроенного урока «{ $name }» нет.
whatif-no-worker = Этот браузер не может запустить рабочие потоки, которые выполняют варианты.
