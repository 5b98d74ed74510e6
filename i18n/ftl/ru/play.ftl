# Что показывает любой проигрыватель сценария: подписи сцены, часы, дорожки, журнал,
# инспектор, просмотрщик встраиваний и уведомления, которые Settle о них пишет.
# Имена API и протокола (Complete, PeekLock, MaxDeliveryCount, DeliveryCount, …) остаются
# на английском; остальные термины — по docs/glossary.md.

## The clock: times, the speed list, the titles of Step back, Step and Next lock expiry.

clock-instant = { $s } с
clock-seconds = { $s } с
clock-ms = { $ms } мс
clock-minutes = { $min } мин
clock-speed-value = { $speed }×
clock-back-start = в начале
clock-back-to = назад к отметке { $t } (←)
clock-step-none = ничего не ожидается
clock-step-next = следующее событие на отметке { $t }
clock-expiry-none = блокировки не удерживаются
clock-expiry-next = следующее истечение срока блокировки на отметке { $t }

## The stage (the canvas): places, notes beside their titles, labels over the tokens.
## Short: the stage can be 375 px wide.

stage-queue = Очередь
stage-entities = Сущности
stage-scheduled = Запланированные
stage-available = Доступные
stage-deferred = Отложенные
# Коротко вместо «Очередь недоставленных сообщений» (узкая сцена), как у других дорожек.
stage-dead-letter = Недоставленные
stage-dead-letter-of = Недоставленные: { $name }
stage-no-receiver = Получателей пока нет
stage-in-flight = { $n } в пути
stage-auto = авто
stage-closed = закрыт
stage-crashed = сбой
stage-session = сеанс { $name }
stage-session-lost = сеанс { $name } потерян
stage-dropped = отброшено: нет подписки
stage-moving = { $n } в движении
stage-more-completed = ещё { $n } завершено
stage-more-left = ещё { $n } ушло
stage-more-lost = ещё { $n } потеряно
stage-more-expired =
    { $n ->
        [one] ещё { $n } блокировка истекла
        [few] ещё { $n } блокировки истекли
        [many] ещё { $n } блокировок истекло
       *[other] ещё { $n } блокировки истекло
    }
stage-due-at = в { $s } с
stage-dead-lettered = перемещено в недоставленные
stage-sender = Отправитель { $name }
stage-a-sender = отправитель
stage-receiver = Получатель { $name }
stage-a-receiver = получатель
stage-an-entity = сущность
stage-a-dead-letter-queue = очередь недоставленных сообщений
stage-dead-letter-queue-of = Очередь недоставленных сообщений: { $name }

## A receiver's lock bars.

lock-left = блокировка { $s } с
lock-lost = потеря блокировки

## The queue's lanes as lists, and what each item says.

lane-available = Доступные
lane-available-empty = Нет ожидающих сообщений.
lane-locked = Заблокированные
lane-locked-empty = Нет заблокированных сообщений.
lane-deferred = Отложенные
lane-deferred-empty = Нет отложенных сообщений.
lane-scheduled = Запланированные
lane-scheduled-empty = Нет запланированных сообщений.
lane-dead-letter = Очередь недоставленных сообщений
lane-dead-letter-empty = Очередь недоставленных сообщений пуста.
lane-inspect = Проверить { $id }
lane-in-entity = в { $entity }
lane-item-locked = пор. № { $seq } · доставка { $delivery } · блокировку держит { $client }
lane-item-due = пор. № { $seq } · запланировано на { $t }
lane-item = пор. № { $seq } · число доставок { $count }
lane-item-session = сеанс { $session }

## The queue's settings in one line, its parts joined by " · ".

queue-settings-lock = блокировка { $d }
queue-settings-max-delivery-count = макс. число доставок { $n }
queue-settings-ttl = TTL { $d }
queue-settings-sessions = сеансы
queue-settings-duplicate-detection = обнаружение повторяющихся сообщений { $d }
queue-settings-queues =
    { $n ->
        [one] { $n } очередь
        [few] { $n } очереди
        [many] { $n } очередей
       *[other] { $n } очереди
    }
queue-settings-topics =
    { $n ->
        [one] { $n } раздел
        [few] { $n } раздела
        [many] { $n } разделов
       *[other] { $n } раздела
    }
queue-settings-subscriptions =
    { $n ->
        [one] { $n } подписка
        [few] { $n } подписки
        [many] { $n } подписок
       *[other] { $n } подписки
    }

## The timeline's legend: how many of each kind of moment.

mark-sends =
    { $n ->
        [one] { $n } отправка
        [few] { $n } отправки
        [many] { $n } отправок
       *[other] { $n } отправки
    }
mark-lock-expiries =
    { $n ->
        [one] { $n } истечение срока блокировки
        [few] { $n } истечения срока блокировки
        [many] { $n } истечений срока блокировки
       *[other] { $n } истечения срока блокировки
    }
mark-abandons =
    { $n ->
        [one] { $n } вызов Abandon
        [few] { $n } вызова Abandon
        [many] { $n } вызовов Abandon
       *[other] { $n } вызова Abandon
    }
mark-dead-letter-moves =
    { $n ->
        [one] { $n } перемещение в очередь недоставленных сообщений
        [few] { $n } перемещения в очередь недоставленных сообщений
        [many] { $n } перемещений в очередь недоставленных сообщений
       *[other] { $n } перемещения в очередь недоставленных сообщений
    }
mark-settlements =
    { $n ->
        [one] { $n } согласование
        [few] { $n } согласования
        [many] { $n } согласований
       *[other] { $n } согласования
    }

## The inspector: the broker's properties of one message. Their names are the API's
## (MessageId, SequenceNumber, State, …) but for these.

inspect-entity = Сущность
inspect-where = Где
inspect-delivery-count = DeliveryCount (просмотр)
inspect-size =
    { $n ->
        [one] { $n } байт
        [few] { $n } байта
        [many] { $n } байт
       *[other] { $n } байта
    }
inspect-never = никогда
inspect-gone = больше нет в очереди
inspect-dead-letter-locked = очередь недоставленных сообщений, блокировку держит { $client }
inspect-dead-letter = очередь недоставленных сообщений
inspect-scheduled = запланировано
inspect-locked = блокировку держит { $client }
inspect-deferred = отложено (получите его по порядковому номеру)
inspect-available = доступно

## What an automated client has done, its parts joined by " · ".

auto-sender = Автоматически — начато: { $started } · в пути: { $in_flight } · принято: { $accepted } · ошибок: { $failed }
auto-unseen-failures = ошибок, которых никто не заметил: { $n }
auto-last-answer = последний ответ на отметке { $t }
auto-receiver = Автоматически — получено: { $received } · в обработке: { $processing } · согласовано: { $settled } · ошибок: { $failed }
auto-duplicates = пропущено повторов: { $n }

## The log's lines that are not the narration.

log-named = { $name }: { $line }
log-nothing-available = { $client } запросил сообщение: доступных сообщений не было.
log-peeked-queue =
    { $n ->
        [one] { $client } просмотрел { $n } сообщение из очереди: ничего не заблокировано и не учтено.
        [few] { $client } просмотрел { $n } сообщения из очереди: ничего не заблокировано и не учтено.
        [many] { $client } просмотрел { $n } сообщений из очереди: ничего не заблокировано и не учтено.
       *[other] { $client } просмотрел { $n } сообщения из очереди: ничего не заблокировано и не учтено.
    }
log-peeked-dead-letter =
    { $n ->
        [one] { $client } просмотрел { $n } сообщение из очереди недоставленных сообщений: ничего не заблокировано и не учтено.
        [few] { $client } просмотрел { $n } сообщения из очереди недоставленных сообщений: ничего не заблокировано и не учтено.
        [many] { $client } просмотрел { $n } сообщений из очереди недоставленных сообщений: ничего не заблокировано и не учтено.
       *[other] { $client } просмотрел { $n } сообщения из очереди недоставленных сообщений: ничего не заблокировано и не учтено.
    }
log-script-error = { $client } (скрипт): { $error }

## What a client's form or action is refused with, before the broker sees it.

form-ttl-not-ms = TTL: «{ $text }» — не целое число миллисекунд
form-delay-not-ms = запланированная задержка: «{ $text }» — не целое число миллисекунд
form-property-not-pair = свойства: «{ $line }» — не в виде key=value
form-property-no-key = свойства: в «{ $line }» нет ключа
form-id-too-long = id: не более 128 символов
form-ttl-zero = TTL: не меньше 1 мс
form-no-such-target = куда: нет очереди или раздела с именем «{ $name }»
form-not-sequence-numbers = «{ $text }» — не список порядковых номеров
form-entities-not-queue-settings = документ с сущностями меняет их шагами update_entity, а не настройками очереди
form-did-not-run = действие не выполнено
form-other-entity = { $client } получает из { $from }; это сообщение находится в { $entity }
form-other-entity-nothing = { $client } пока ниоткуда не получает; это сообщение находится в { $entity }
form-no-receive-entity = { $client } пока не получает ни из очереди, ни из подписки: выберите источник

## The scenario a fresh page starts with (its title and description).

welcome-title = Ваша первая блокировка
welcome-description = S1 отправил два заказа. R1 удерживает m1 под блокировкой на 30 секунд: завершите его (Complete), пока срок блокировки не истёк, или посмотрите, как оно вернётся с большим числом доставок. После 3 неудачных доставок сообщение перемещается в очередь недоставленных сообщений.

## Notices about what was opened or stopped.

doc-error = ошибка: { $error }
notice-stopped = Этот сценарий остановился на отметке { $t }: { $why }. Всё до этого момента сохранено.
notice-opened-shared = Открыт общий сценарий на отметке { $t }.
notice-link-scenario-failed = Сценарий из этой ссылки не загружен: { $error }
notice-link-failed = Эта ссылка не загружена: { $error }
notice-opening-entities = Открывается Settle для документов с сущностями (разделы, подписки, несколько очередей)…
link-bad-character = ссылка повреждена: «{ $char }» не входит в её кодировку
link-bad-position = позиция в ссылке «{ $text }» — не число
link-not-text = ссылка повреждена: её сценарий — не текст

## The built-in lessons.

lesson-no-preset = встроенного урока «{ $name }» нет
lesson-no-comparison = сравнения «{ $name }» нет
lesson-preset-offline = не удалось загрузить встроенный урок «{ $name }» (нет сети?)
lesson-comparison-offline = не удалось загрузить сравнение «{ $name }» (нет сети?)
lesson-no-side = в сравнении «{ $name }» нет варианта «{ $side }»
lesson-captions-failed = Подписи этого урока нельзя показать: { $error }

## Films and the embed's link.

film-damaged = запись этого встраивания повреждена
film-too-long = запись прогона занимает { $kb } КБ — больше, чем вмещает ссылка для встраивания
film-entities = документ с сущностями не записывается (его запускает Settle)
film-too-many-frames =
    { $n ->
        [one] больше { $n } кадра
       *[other] больше { $n } кадров
    }

## Downloads (the page's buttons say their own words).

artifact-unknown = неизвестная загрузка «{ $kind }»

## The page Settle shows when it stops on an internal error.

crash-title = Settle остановился из-за внутренней ошибки
crash-kept = Это ошибка в Settle, а не в вашем сценарии. Страница не может продолжить работу, но ваш сценарий сохранён: откройте его снова с того же места, скопируйте ссылку на него или скачайте его.
crash-not-kept = Это ошибка в Settle, а не в вашем сценарии. Страница не может продолжить работу; перезагрузите её, чтобы начать заново.
crash-reopen = Открыть с того же места
crash-copy-link = Копировать ссылку
crash-download = Скачать сценарий
crash-start-afresh = Начать заново
crash-details = Технические подробности

## The embeds' viewer: its clock bar, caption, stage and lists.

view-clock = Часы
view-play = Пуск
view-pause = Пауза
view-step-back = Шаг назад
view-step = Шаг
view-next-expiry = Следующее истечение срока блокировки
view-speed = Скорость
view-controls = Управление
view-controls-title = Отправляйте, получайте и согласовывайте сообщения вручную (поверх сцены)
view-open = Открыть в Settle ↗
view-dismiss = Закрыть
view-about = Об этом сценарии
view-lesson = Урок
view-caption = Подпись
view-caption-hint = Пауза: нажмите «Пуск», чтобы продолжить.
view-summary = Что вы увидели
view-hide = Скрыть
view-figures = Показатели
view-stage-area = Сцена
view-stage = Сцена
view-stage-picture = Очередь в виде рисунка: отправители, очередь, получатели и очередь недоставленных сообщений. То же состояние приведено списком в разделе «Очередь».
view-queue = Очередь
view-lane-more = + ещё { $n }
view-going-to = Переход к отметке { $target } … сейчас { $now }
clock-still-running = Ещё выполняется то, что происходит в момент { $now }…
view-nothing-due = Само по себе ничего не запланировано.
view-no-lock = Ни одна блокировка не удерживается, поэтому истечь нечему.
view-lang-failed = Не удалось загрузить язык { $lang } ({ $why }); страница остаётся на языке { $current }.
